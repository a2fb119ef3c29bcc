// A trace that no single line breaks but the whole does (apps/replay/trace_shape.hpp): refused at validation, so
// that both MPIs say the same (before, one ran it and the other deadlocked, or both ran it).
#include "apps/replay/trace.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace bcssim;
using namespace bcssim::apps::replay;
namespace fs = std::filesystem;

namespace {

// The message validate() throws for a shared trace of `text` ("" when it passes).
std::string shape_error(const std::string& text)
{
  const fs::path dir = fs::temp_directory_path() / "bcssim-replay-shape";
  fs::create_directories(dir);
  const fs::path file = dir / "t.txt";
  std::ofstream(file) << text;
  std::string error;
  try {
    validate(read_layout(file.string()));
  } catch (const base::ParamRuleError& e) {
    error = e.what();
  }
  fs::remove_all(dir);
  return error;
}

bool says(const std::string& error, const std::string& what) { return error.find(what) != std::string::npos; }

const std::string head = "0 init\n1 init\n";
const std::string tail = "0 finalize\n1 finalize\n";

} // namespace

TEST_CASE("replay trace: collectives must agree across ranks, in kind and root")
{
  CHECK(shape_error(head + "0 barrier\n1 barrier\n0 bcast 8 1\n1 bcast 8 1\n" + tail) == "");
  CHECK(says(shape_error(head + "0 barrier\n1 bcast 10 0\n" + tail),
             "t.txt:4: \"1 bcast 10 0\": expected rank 1's collective number 1 to be what every rank calls there: "
             "rank 0 calls barrier"));
  CHECK(says(shape_error(head + "0 bcast 8 0\n1 bcast 8 1\n" + tail), "rank 0 calls bcast with root 0"));
  CHECK(says(shape_error(head + "0 barrier\n1 barrier\n0 barrier\n" + tail),
             "rank 1 to call every collective the others call: it ends after 1 of them, and rank 0 calls a barrier "
             "next"));
}

TEST_CASE("replay trace: nothing after finalize, no empty rank, comm_size is the rank count")
{
  CHECK(says(shape_error(head + tail + "0 barrier\n1 barrier\n"),
             "t.txt:5: \"0 barrier\": expected no action of rank 0 after its finalize (line 3)"));
  CHECK(shape_error("0 init\n0 finalize\n1 init\n1 compute 0\n1 finalize\n2 init\n2 finalize\n") == ""); // ranks 0-2
  CHECK(says(shape_error("0 init\n0 finalize\n2 init\n2 finalize\n"), "at least one action of rank 1"));
  CHECK(shape_error(head + "0 comm_size 2\n" + tail) == "");
  CHECK(says(shape_error(head + "0 comm_size 8\n" + tail),
             "\"0 comm_size 8\": expected the size of MPI_COMM_WORLD, 2 (the trace's ranks)"));
}

TEST_CASE("replay trace: each rank's one init first and its finalize last")
{
  CHECK(says(shape_error("0 init\n0 init\n0 finalize\n1 init\n1 finalize\n"),
             "t.txt:2: \"0 init\": expected one init of rank 0 (its first is line 1): MPI_Init is called once"));
  CHECK(says(shape_error("0 init\n0 finalize\n1 compute 10\n1 init\n1 finalize\n"),
             "t.txt:3: \"1 compute 10\": expected an init of rank 1 before this: no MPI call before MPI_Init"));
  CHECK(says(shape_error("0 init\n0 finalize\n1 init\n1 compute 10\n"),
             "expected a finalize ending rank 1's actions: the trace ends without its MPI_Finalize"));
}

TEST_CASE("replay trace: a collective carries the same bytes (or elements of one type) on every rank")
{
  const std::string bcast = shape_error(head + "0 bcast 8 0\n1 bcast 16 0\n" + tail);
  CHECK(says(bcast, "t.txt:4: \"1 bcast 16 0\": expected rank 1's bcast number 1 to carry what rank 0's does ("));
  CHECK(says(bcast, "t.txt:3): 8 bytes, as MPI requires of every rank's call"));
  CHECK(says(shape_error(head + "0 allreduce 4 0\n1 allreduce 8 0\n" + tail), "4 elements"));
  CHECK(says(shape_error(head + "0 alltoall 4 4\n1 alltoall 8 8\n" + tail), "4 bytes"));
  CHECK(shape_error(head + "0 bcast 8 0\n1 bcast 8 0\n0 allreduce 4 0\n1 allreduce 4 0\n" + tail) == "");
}

TEST_CASE("replay trace: every send received by a receive at least as large, every receive sent to")
{
  CHECK(shape_error(head +
                    "0 send 1 0 100\n1 recv 0 0 100\n0 isend 1 5 8\n1 irecv 0 5 16\n1 wait 0 1 5\n"
                    "0 wait 0 1 5\n" +
                    tail) == "");
  const std::string truncated = shape_error(head + "0 send 1 0 100\n1 recv 0 0 10\n" + tail);
  CHECK(says(truncated, "t.txt:4: expected a receive of at least the 100 bytes that its matching send from rank 0 "
                        "(tag 0, "));
  CHECK(says(truncated, "t.txt:3) carries, not 10: MPI_ERR_TRUNCATE"));
  // FIFO per sender, receiver and tag: the second receive gets the second send.
  CHECK(says(shape_error(head + "0 send 1 0 8\n0 send 1 0 100\n1 recv 0 0 8\n1 recv 0 0 8\n" + tail),
             "t.txt:6: expected a receive of at least the 100 bytes"));
  CHECK(says(shape_error(head + "0 send 1 0 10\n" + tail),
             "t.txt:3: expected a send that rank 1 receives: rank 0's message to it (tag 0, 10 bytes) matches no "
             "receive of rank 1"));
  CHECK(says(shape_error(head + "1 recv 0 3 10\n" + tail),
             "t.txt:3: expected a receive that a send matches: rank 0 sends rank 1 no message with tag 3"));
  // A receive from any source makes the matching a matter of timing: left to the run (which checks it when it
  // matches: tests/e2e/test_cli_replay_truncate.cpp).
  CHECK(shape_error(head + "0 send 1 0 100\n1 recv -1 0 10\n" + tail) == "");
}

TEST_CASE("replay trace: a wildcard receive leaves to the run only the channels it could take from")
{
  // Issue 67 item 3: any wildcard anywhere switched off every check of the pairs.
  const std::string pair = "0 send 1 0 100\n1 recv 0 0 10\n";
  for (const std::string wildcard :
       {"0 send 1 5 8\n1 recv -1 5 8\n", "1 send 0 0 8\n0 recv -1 -1 8\n", "1 isend 1 5 8\n1 recv 1 -1 8\n"}) {
    CAPTURE(wildcard);
    CHECK(says(shape_error(head + pair + wildcard + "1 waitall\n0 waitall\n" + tail),
               "t.txt:4: expected a receive of at least the 100 bytes that its matching send from rank 0 (tag 0, "));
  }
  CHECK(says(shape_error(head + "0 send 1 0 10\n0 send 1 5 8\n1 recv -1 5 8\n" + tail),
             "t.txt:3: expected a send that rank 1 receives: rank 0's message to it (tag 0, 10 bytes)"));
  // Receiving from any source, or with any tag, on that channel: the run decides.
  CHECK(shape_error(head + pair + "1 recv -1 -1 8\n" + tail) == "");
  CHECK(shape_error(head + pair + "1 recv 0 -1 8\n" + tail) == "");
  CHECK(shape_error(head + pair + "1 recv -1 0 8\n" + tail) == "");
}

TEST_CASE("replay trace: inside a rooted or v collective, each message fits the receive it goes to")
{
  const auto refused = [](const std::string& lines) { return shape_error(head + lines + tail); };
  CHECK(says(refused("0 gather 8 8 0\n1 gather 16 8 0\n"),
             "t.txt:4: \"1 gather 16 8 0\": expected rank 1's gather (collective number 1) to send rank 0 at most "
             "the 8 bytes it receives (/"));
  CHECK(says(refused("0 gather 8 8 0\n1 gather 16 8 0\n"), "t.txt:3), not 16: MPI_ERR_TRUNCATE"));
  CHECK(says(refused("1 gather 16 8 0\n0 gather 8 8 0\n"),
             "t.txt:4: \"0 gather 8 8 0\": expected rank 0's gather (collective number 1) to receive at least the "
             "16 bytes rank 1 sends it (/"));
  CHECK(says(refused("0 scatterv 8 16 8 0\n1 scatterv 8 16 8 0\n"), "rank 1's scatterv (collective number 1) to "
                                                                    "receive at least the 16 bytes rank 0 sends"));
  CHECK(says(refused("0 allgather 8 8\n1 allgather 8 4\n"), "to receive at least the 8 bytes rank 0 sends it"));
  CHECK(says(refused("0 allgatherv 8 8 8\n1 allgatherv 8 8 4\n"),
             "rank 1's allgatherv (collective number 1) to receive at least the 8 bytes rank 1 sends it (on this "
             "line), not 4"));
  CHECK(says(refused("0 alltoallv 9 1 8 9 1 1\n1 alltoallv 9 1 1 9 1 1\n"),
             "t.txt:4: \"1 alltoallv 9 1 1 9 1 1\": expected rank 1's alltoallv (collective number 1) to receive "
             "at least the 8 bytes rank 0 sends it (/"));
  CHECK(says(refused("0 reducescatter 1 2 0\n1 reducescatter 2 1 0\n"),
             "expected rank 1's reducescatter number 1 to give the receive counts (and datatype) rank 0's does"));
  // In place (SMPI writes 0 as a gather root's send, the send as a scatter root's receive), larger receives, and
  // counts that match: MPI.
  CHECK(refused("0 gather 0 8 0\n1 gather 8 0 0\n0 scatter 8 8 1\n1 scatter 8 8 1\n"
                "0 gatherv 4 4 16 0\n1 gatherv 16 0 0 0\n0 allgather 8 64\n1 allgather 8 8\n"
                "0 alltoallv 4 1 3 4 1 5\n1 alltoallv 4 5 1 4 3 1\n0 reducescatter 1 2 0\n"
                "1 reducescatter 1 2 0\n") == "");
}
