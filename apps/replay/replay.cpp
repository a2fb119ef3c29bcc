#include "apps/replay/replay.hpp"

#include "apps/replay/message_ledger.hpp"
#include "apps/replay/trace_text.hpp"
#include "base/envelope.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::apps::replay {

void Requests::add(const Key& key, mpi::Request request, Posted posted)
{
  by_key_[key].push_back(next_);
  by_seq_.emplace(next_++, Entry{key, std::move(request), std::move(posted)});
}

bool Requests::find(const Key& key, std::uint64_t& seq) const
{
  if (const auto it = by_key_.find(key); it != by_key_.end()) {
    seq = it->second.front();
    return true;
  }
  // A receive posted from any source (or with any tag) is waited for with the source and tag it matched.
  for (const auto& [s, e] : by_seq_)
    if (e.key.dst == key.dst && (e.key.src == base::ANY_SOURCE || e.key.src == key.src) &&
        (e.key.tag == base::ANY_TAG || e.key.tag == key.tag)) {
      seq = s;
      return true;
    }
  return false;
}

void Requests::erase(std::uint64_t seq)
{
  const auto it = by_seq_.find(seq);
  auto& queue = by_key_.at(it->second.key);
  queue.erase(std::find(queue.begin(), queue.end(), seq));
  if (queue.empty())
    by_key_.erase(it->second.key);
  by_seq_.erase(it);
}

std::vector<std::pair<mpi::Request, Posted>> Requests::take_all()
{
  std::vector<std::pair<mpi::Request, Posted>> out;
  for (auto& [seq, e] : by_seq_)
    if (e.request)
      out.emplace_back(std::move(e.request), std::move(e.posted));
  by_seq_.clear();
  by_key_.clear();
  return out;
}

namespace {

// Displacements of blocks packed in rank order.
const mpi::Counts& packed(const mpi::Counts& counts, mpi::Counts& displs)
{
  displs.resize(counts.size());
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    displs[i] = at;
    at += counts[i];
  }
  return displs;
}

// A receive that matched a larger message: what a real MPI aborts with MPI_ERR_TRUNCATE (both MPIs mark it in
// the status alike: mpi::RequestState), named at the line that posted it.
void check_fits(const mpi::Status& status, const ActionReader& reader, int me, const Posted& posted,
                MessageLedger& ledger)
{
  ledger.received(status.source, me, status.tag);
  if (!status.truncated)
    return;
  text::fail_at(reader.file(), posted.line, posted.text,
                fmt::format("rank {}'s receive to be at least the {} bytes of the message it matched (rank {}'s, tag "
                            "{}), not {}: MPI_ERR_TRUNCATE (MPI requires a receive buffer at least the message's "
                            "size; a larger one is fine)",
                            me, status.bytes, status.source, status.tag, posted.capacity));
}

// Waits for every request, then checks the receives among them in posting order.
void wait_all(mpi::Comm& comm, std::vector<std::pair<mpi::Request, Posted>> taken, const ActionReader& reader, int me,
              MessageLedger& ledger)
{
  if (taken.empty())
    return;
  std::vector<mpi::Request> all;
  all.reserve(taken.size());
  for (const auto& t : taken)
    all.push_back(t.first);
  comm.waitall(all);
  for (const auto& [request, posted] : taken)
    check_fits(request->status(), reader, me, posted, ledger);
}

} // namespace

void run(mpi::Comm& comm, ActionReader& reader, const Settings& settings, MessageLedger& ledger)
{
  const int me = comm.rank();
  Requests pending;
  Action a;
  mpi::Counts displs, displs2;
  const auto compute = [&](double flops) {
    if (flops > 0)
      comm.compute(compute_seconds(flops, settings));
  };
  while (reader.next(a)) {
    switch (a.kind) {
      case Kind::init:
      case Kind::finalize:
      case Kind::comm_size:
      case Kind::comm_split: // SMPI's replay: no-ops; every collective runs on MPI_COMM_WORLD
      case Kind::comm_dup:
      case Kind::location:
        break;
      case Kind::send:
        ledger.sent(me, a.src, a.tag, a.bytes, reader.line_number());
        comm.send(nullptr, a.bytes, a.src, a.tag);
        break;
      case Kind::isend:
        ledger.sent(me, a.src, a.tag, a.bytes, reader.line_number());
        pending.add({me, a.src, a.tag}, comm.isend(nullptr, a.bytes, a.src, a.tag));
        break;
      case Kind::recv:
      case Kind::irecv: {
        std::uint64_t bytes = a.bytes;
        if (a.probe_size) { // a negative size: the message tells (SMPI probes too)
          mpi::Status status;
          comm.probe(a.src, a.tag, &status);
          bytes = status.bytes;
        }
        const Posted posted{reader.line_number(), std::string(reader.text()), bytes};
        if (a.kind == Kind::recv) {
          mpi::Status status;
          comm.recv(nullptr, bytes, a.src, a.tag, &status);
          check_fits(status, reader, me, posted, ledger);
        } else {
          pending.add({a.src, me, a.tag}, comm.irecv(nullptr, bytes, a.src, a.tag), posted);
        }
        break;
      }
      case Kind::sendrecv: {
        // SMPI's Request::sendrecv with tag 0 both ways.
        const mpi::Request r = comm.irecv(nullptr, a.recv_bytes, a.src, 0);
        ledger.sent(me, a.dst, 0, a.bytes, reader.line_number());
        const mpi::Request s = comm.isend(nullptr, a.bytes, a.dst, 0);
        comm.waitall({r, s});
        check_fits(r->status(), reader, me, {reader.line_number(), std::string(reader.text()), a.recv_bytes}, ledger);
        break;
      }
      case Kind::test: {
        std::uint64_t seq = 0;
        if (!pending.find({a.src, a.dst, a.tag}, seq))
          break; // SMPI: a test of a request already found complete is ignored
        if (const mpi::Request& r = pending.at(seq); r && comm.test(r)) {
          check_fits(r->status(), reader, me, pending.posted(seq), ledger);
          pending.complete(seq);
        }
        break;
      }
      case Kind::wait: {
        std::uint64_t seq = 0;
        if (!pending.find({a.src, a.dst, a.tag}, seq))
          reader.fail(fmt::format("a wait for a request rank {} posted with isend or irecv and has not completed; "
                                  "none is pending from sender {} to receiver {} with tag {} ({} pending)",
                                  me, a.src, a.dst, a.tag, pending.size()));
        const mpi::Request r = pending.at(seq);
        const Posted posted = pending.posted(seq);
        pending.erase(seq);
        if (r) {
          comm.wait(r);
          check_fits(r->status(), reader, me, posted, ledger);
        }
        break;
      }
      case Kind::waitall:
        wait_all(comm, pending.take_all(), reader, me, ledger);
        break;
      case Kind::barrier:
        comm.barrier();
        break;
      case Kind::bcast:
        comm.bcast(nullptr, a.bytes, a.root);
        break;
      case Kind::reduce:
        comm.reduce(nullptr, nullptr, a.reduction.count, a.reduction.type, mpi::Op::sum, a.root);
        compute(a.amount);
        break;
      case Kind::allreduce:
        comm.allreduce(nullptr, nullptr, a.reduction.count, a.reduction.type, mpi::Op::sum);
        compute(a.amount);
        break;
      case Kind::scan:
        comm.scan(nullptr, nullptr, a.reduction.count, a.reduction.type, mpi::Op::sum);
        compute(a.amount);
        break;
      case Kind::exscan:
        comm.exscan(nullptr, nullptr, a.reduction.count, a.reduction.type, mpi::Op::sum);
        compute(a.amount);
        break;
      case Kind::reducescatter:
        comm.reduce_scatter(nullptr, nullptr, a.reduce_counts, a.reduction.type, mpi::Op::sum);
        compute(a.amount);
        break;
      case Kind::alltoall:
        comm.alltoall(nullptr, nullptr, a.bytes);
        break;
      case Kind::alltoallv:
        comm.alltoallv(nullptr, a.counts, packed(a.counts, displs), nullptr, a.recv_counts,
                       packed(a.recv_counts, displs2));
        break;
      case Kind::gather: // the root receives receive-count blocks (its own send count is 0 with MPI_IN_PLACE)
        comm.gather(nullptr, nullptr, me == a.root ? a.recv_bytes : a.bytes, a.root);
        break;
      case Kind::allgather: // the receive count is significant on every rank, also with MPI_IN_PLACE
        comm.allgather(nullptr, nullptr, a.recv_bytes);
        break;
      case Kind::gatherv:
        comm.gatherv(nullptr, a.bytes, nullptr, a.counts, packed(a.counts, displs), a.root);
        break;
      case Kind::allgatherv:
        comm.allgatherv(nullptr, a.bytes, nullptr, a.counts, packed(a.counts, displs));
        break;
      case Kind::scatter:
        comm.scatter(nullptr, nullptr, me == a.root ? a.bytes : a.recv_bytes, a.root);
        break;
      case Kind::scatterv:
        comm.scatterv(nullptr, a.counts, packed(a.counts, displs), nullptr, a.recv_bytes, a.root);
        break;
      case Kind::compute:
        compute(a.amount);
        break;
      case Kind::sleep:
        comm.sleep(a.amount);
        break;
    }
  }
  // SMPI's replay completes what the trace left pending before the rank finalizes.
  wait_all(comm, pending.take_all(), reader, me, ledger);
  ledger.finalized(me);
}

} // namespace bcssim::apps::replay
