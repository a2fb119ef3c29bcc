// BCS-MPI under platform.fidelity = message (docs/model.md, the message-level tier): the Strobe Receiver runs the
// Buffer Sender's, Buffer Receiver's and DMA Helper's work itself, each descriptor put is its closed form (the DMA's
// start-up and the packet's unloaded flight) and each chunk's get request and start-up one delay. Alone on their
// routes, those are what the stage-level model acts out, so every microphase of every node must end at the same
// instant under both tiers, to SimGrid's nanosecond, and the programs must end at the same instants.
#include "base/event_stream.hpp"
#include "bcs_harness.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;

namespace {

// Every microphase's end on every NIC, and every restart: (what, where, count or bytes, when).
struct PhaseLog : base::EventSink {
  std::vector<std::tuple<std::string, std::string, std::uint64_t, double>> ends;
  void record(const base::Event& e) override
  {
    if (e.what == "bcs.dem" || e.what == "bcs.msm" || e.what == "bcs.p2p" || e.what == "bcs.nm.restart" ||
        e.what == "bcs.slice.done")
      ends.emplace_back(e.what, base::emitting_host()->get_name(), e.bytes, now());
  }
};

struct Outcome {
  std::vector<std::tuple<std::string, std::string, std::uint64_t, double>> ends;
  std::vector<double> finished; // by rank
  std::vector<int> received;    // by rank: what it got in the ring
};

// 8 ranks, 2 per node on 4 nodes: six senders into rank 7 (4 B, 100 kB, 1 MiB chunked over slices, 64 KiB from the
// rank that shares its node), a barrier, then a ring of Isend and Irecv of 16 KiB.
Outcome run(const std::string& fidelity)
{
  PhaseLog log;
  base::set_event_sink(&log);
  json extra = test::on_bcs;
  extra["platform"]["fidelity"] = fidelity;
  Baseline b(8, 2, extra);
  Outcome out;
  out.finished.assign(8, 0);
  out.received.assign(8, -1);
  std::vector<std::uint64_t> sizes = {4, 100000, 1 << 20, 4, 100000, 4, 64 << 10};
  b.run([&](mpi::Comm& c) {
    const int r = c.rank();
    if (r < 7) {
      std::vector<char> data(sizes[r], char('a' + r));
      c.send(data.data(), data.size(), 7, r);
    } else {
      for (int from = 6; from >= 0; --from) { // not the order they were sent in
        std::vector<char> data(sizes[from]);
        c.recv(data.data(), data.size(), from, from);
      }
    }
    c.barrier();
    std::vector<int> send(4096, r), recv(4096, -1);
    mpi::Request rq = c.irecv(recv.data(), recv.size() * sizeof(int), (r + 7) % 8, 99);
    mpi::Request sq = c.isend(send.data(), send.size() * sizeof(int), (r + 1) % 8, 99);
    c.wait(sq);
    c.wait(rq);
    out.received[r] = recv.back();
    out.finished[r] = now();
  });
  base::set_event_sink(nullptr);
  REQUIRE(b.job().finished());
  out.ends = std::move(log.ends);
  return out;
}

std::string serialized(const Outcome& o)
{
  std::string text;
  for (const auto& [what, where, count, at] : o.ends)
    text += fmt::format("{} {} {} {:a}\n", what, where, count, at);
  for (std::size_t r = 0; r < o.finished.size(); ++r)
    text += fmt::format("rank {} {} {:a}\n", r, o.received[r], o.finished[r]);
  return text;
}

// The stage-level run in a child process (SimGrid allows one engine per process); its outcome as text, hexadecimal
// floats (exact).
std::string stages_in_child()
{
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    const std::string text = serialized(run("stages"));
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fds[1], text.data() + done, text.size() - done);
      if (n <= 0)
        std::_Exit(3);
      done += std::size_t(n);
    }
    std::_Exit(0);
  }
  ::close(fds[1]);
  std::string text;
  char chunk[4096];
  for (ssize_t n; (n = ::read(fds[0], chunk, sizeof chunk)) > 0;)
    text.append(chunk, std::size_t(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return text;
}

// The outcome's lines as words, grouped by event and NIC (each group in time order): events of several NICs at one
// instant come in the order their threads happened to run, which the tiers need not share.
std::vector<std::vector<std::string>> lines(const std::string& text)
{
  std::vector<std::vector<std::string>> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    out.emplace_back();
    for (std::string w; words >> w;)
      out.back().push_back(w);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return std::tie(a[0], a[1]) < std::tie(b[0], b[1]); });
  return out;
}

} // namespace

TEST_CASE("BCS-MPI's message tier ends every microphase of every node where the stages end it, to the nanosecond")
{
  const auto stages = lines(stages_in_child());
  const auto message = lines(serialized(run("message")));
  REQUIRE(stages.size() > 100);
  REQUIRE(message.size() == stages.size());
  for (std::size_t i = 0; i < stages.size(); ++i) {
    CAPTURE(i);
    CAPTURE(fmt::format("{}", fmt::join(stages[i], " ")));
    REQUIRE(message[i].size() == 4);
    // The event, the NIC (or the rank), the count of descriptors, bytes or restarts (or what the rank received).
    for (int w = 0; w < 3; ++w)
      CHECK(message[i][w] == stages[i][w]);
    CHECK(std::abs(std::strtod(message[i][3].c_str(), nullptr) - std::strtod(stages[i][3].c_str(), nullptr)) <= 1e-9);
  }
  for (const auto& words : message) // the ring's data arrived
    if (words[0] == "rank")
      CHECK(words[2] == std::to_string((std::stoi(words[1]) + 7) % 8));
}
