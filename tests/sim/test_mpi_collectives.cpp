// Every collective of mpi::Comm on real data, on the baseline, for 1, 2, 3, 7 and 64 ranks (several ranks per
// node, non-powers of two), with QsNet's hardware barrier/broadcast, with MPICH's software algorithms only, and
// on a non-contiguous node set (software fallback). Also: collectives never match the application's wildcard
// receives, and Testall / Waitall.
#include "mpi_harness.hpp"

#include <doctest/doctest.h>

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;

namespace {

// Runs the whole collective suite on every rank; returns one line per wrong value ("" = all right).
std::string run_suite(Baseline& b)
{
  std::string errors;
  auto expect = [&errors](bool ok, int rank, const std::string& what) {
    if (!ok)
      errors += fmt::format("rank {}: {}\n", rank, what);
  };
  b.run([&](mpi::Comm& c) {
    const int r = c.rank();
    const int n = c.size();
    // A wildcard receive of the application, posted before any collective: it must get the user message sent
    // after them, never a collective's message.
    int user_value = -1;
    mpi::Request wildcard;
    if (r == 0)
      wildcard = c.irecv(&user_value, sizeof user_value, mpi::ANY_SOURCE, mpi::ANY_TAG);

    c.barrier();

    for (int root : {0, n - 1}) {
      std::vector<std::int32_t> data(5, -1);
      if (r == root)
        std::iota(data.begin(), data.end(), root * 10);
      c.bcast(data.data(), data.size() * 4, root);
      for (int i = 0; i < 5; ++i)
        expect(data[i] == root * 10 + i, r, fmt::format("bcast from {}: [{}] = {}", root, i, data[i]));
    }

    const int reduce_root = n / 2;
    const std::int32_t mine[3] = {r, 2 * r, -r};
    std::int32_t sum[3] = {0, 0, 0};
    c.reduce(mine, sum, 3, mpi::Datatype::int32, mpi::Op::sum, reduce_root);
    const int total = n * (n - 1) / 2;
    if (r == reduce_root)
      expect(sum[0] == total && sum[1] == 2 * total && sum[2] == -total, r,
             fmt::format("reduce sum = {} {} {}", sum[0], sum[1], sum[2]));

    const double half = r + 0.5;
    double dsum = 0;
    c.allreduce(&half, &dsum, 1, mpi::Datatype::float64, mpi::Op::sum);
    expect(dsum == total + n * 0.5, r, fmt::format("allreduce float64 sum = {}", dsum));
    const std::int64_t big[2] = {std::int64_t(r) << 40, -(std::int64_t(r) << 40)};
    std::int64_t lo[2] = {0, 0};
    std::int64_t hi[2] = {0, 0};
    c.allreduce(big, lo, 2, mpi::Datatype::int64, mpi::Op::min);
    c.allreduce(big, hi, 2, mpi::Datatype::int64, mpi::Op::max);
    const std::int64_t top = std::int64_t(n - 1) << 40;
    expect(lo[0] == 0 && lo[1] == -top && hi[0] == top && hi[1] == 0, r, "allreduce int64 min/max");

    std::vector<std::int32_t> blocks;
    if (r == 0)
      for (int i = 0; i < n; ++i)
        blocks.insert(blocks.end(), {i, i + 1, i + 2});
    std::int32_t block[3] = {-1, -1, -1};
    c.scatter(r == 0 ? blocks.data() : nullptr, block, 12, 0);
    expect(block[0] == r && block[1] == r + 1 && block[2] == r + 2, r, "scatter");

    const int gather_root = 1 % n;
    const std::int32_t pair[2] = {r * 7, r * 7 + 1};
    std::vector<std::int32_t> gathered(r == gather_root ? 2 * n : 0, -1);
    c.gather(pair, gathered.data(), 8, gather_root);
    if (r == gather_root)
      for (int i = 0; i < n; ++i)
        expect(gathered[2 * i] == i * 7 && gathered[2 * i + 1] == i * 7 + 1, r, fmt::format("gather [{}]", i));

    // gatherv: rank i sends i + 1 bytes of 'a' + i.
    const std::string letters(std::size_t(r + 1), char('a' + r % 26));
    mpi::Counts counts(n), displs(n);
    for (int i = 0; i < n; ++i) {
      counts[i] = std::uint64_t(i + 1);
      displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
    }
    std::string all_letters(displs[n - 1] + counts[n - 1], '?');
    c.gatherv(letters.data(), letters.size(), r == 0 ? all_letters.data() : nullptr, counts, displs, 0);
    if (r == 0)
      for (int i = 0; i < n; ++i)
        expect(all_letters.substr(displs[i], counts[i]) == std::string(std::size_t(i + 1), char('a' + i % 26)), r,
               fmt::format("gatherv block {}", i));

    const std::int32_t three = r * 3;
    std::vector<std::int32_t> everyone(n, -1);
    c.allgather(&three, everyone.data(), 4);
    for (int i = 0; i < n; ++i)
      expect(everyone[i] == i * 3, r, fmt::format("allgather [{}] = {}", i, everyone[i]));

    // allgatherv: rank i contributes i % 3 + 1 ints valued i * 100 + k.
    mpi::Counts vcounts(n), vdispls(n);
    for (int i = 0; i < n; ++i) {
      vcounts[i] = std::uint64_t(i % 3 + 1) * 4;
      vdispls[i] = i == 0 ? 0 : vdispls[i - 1] + vcounts[i - 1];
    }
    std::vector<std::int32_t> contribution(std::size_t(r % 3 + 1));
    for (std::size_t k = 0; k < contribution.size(); ++k)
      contribution[k] = r * 100 + int(k);
    std::vector<std::int32_t> assembled((vdispls[n - 1] + vcounts[n - 1]) / 4, -1);
    c.allgatherv(contribution.data(), contribution.size() * 4, assembled.data(), vcounts, vdispls);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k <= i % 3; ++k)
        expect(assembled[vdispls[i] / 4 + k] == i * 100 + k, r, fmt::format("allgatherv [{}][{}]", i, k));

    std::vector<std::int32_t> out(n), in(n, -1);
    for (int j = 0; j < n; ++j)
      out[j] = r * 1000 + j;
    c.alltoall(out.data(), in.data(), 4);
    for (int i = 0; i < n; ++i)
      expect(in[i] == i * 1000 + r, r, fmt::format("alltoall from {} = {}", i, in[i]));

    // alltoallv: rank r sends j % 2 + 1 ints valued r * 1000 + j to rank j.
    mpi::Counts sc(n), sd(n), rc(n), rd(n);
    for (int j = 0; j < n; ++j) {
      sc[j] = std::uint64_t(j % 2 + 1) * 4;
      sd[j] = j == 0 ? 0 : sd[j - 1] + sc[j - 1];
      rc[j] = std::uint64_t(r % 2 + 1) * 4;
      rd[j] = j == 0 ? 0 : rd[j - 1] + rc[j - 1];
    }
    std::vector<std::int32_t> vout((sd[n - 1] + sc[n - 1]) / 4), vin((rd[n - 1] + rc[n - 1]) / 4, -1);
    for (int j = 0; j < n; ++j)
      for (std::uint64_t k = 0; k < sc[j] / 4; ++k)
        vout[sd[j] / 4 + k] = r * 1000 + j;
    c.alltoallv(vout.data(), sc, sd, vin.data(), rc, rd);
    for (int i = 0; i < n; ++i)
      for (std::uint64_t k = 0; k < rc[i] / 4; ++k)
        expect(vin[rd[i] / 4 + k] == i * 1000 + r, r, fmt::format("alltoallv from {}: {}", i, vin[rd[i] / 4 + k]));

    // The user message for the wildcard receive (from rank n - 1, before its ring message to rank 0: MPI's
    // non-overtaking order makes it the one the wildcard matches).
    if (r == n - 1)
      c.send(&n, sizeof n, 0, 77);
    if (r == 0) {
      mpi::Status status;
      c.wait(wildcard, &status);
      expect(user_value == n && status.tag == 77 && status.source == n - 1, r,
             fmt::format("wildcard receive got {} tag {} from {}", user_value, status.tag, status.source));
    }

    // Testall over a ring exchange, polled while computing (bounded, so that a bug fails instead of spinning).
    std::int32_t from_left = -1;
    const std::int32_t to_right = r;
    const std::vector<mpi::Request> ring = {c.irecv(&from_left, 4, (r - 1 + n) % n, 3),
                                            c.isend(&to_right, 4, (r + 1) % n, 3)};
    int polls = 0;
    while (!c.testall(ring) && polls < 10000) {
      c.compute(1e-6);
      ++polls;
    }
    expect(polls < 10000, r, "testall never became true");
    c.waitall(ring);
    expect(from_left == (r - 1 + n) % n, r, fmt::format("ring from left = {}", from_left));
    expect(polls > 0, r, "testall was true before any message could arrive");
  });
  if (!b.job().finished())
    errors += "job did not finish:\n" + b.job().report();
  return errors;
}

} // namespace

TEST_CASE("collectives on real data - 1 rank")
{
  Baseline b(1);
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 2 ranks on 2 nodes - hardware barrier and bcast")
{
  Baseline b(2);
  CHECK(b.mpi_job.hardware_collectives());
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 3 ranks - software algorithms only")
{
  Baseline b(3, 1, {{"quadrics", {{"hardware_collectives", false}}}});
  CHECK_FALSE(b.mpi_job.hardware_collectives());
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 7 ranks 2 per node - hardware")
{
  Baseline b(7, 2);
  CHECK(b.mpi_job.hardware_collectives());
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 7 ranks 2 per node - software")
{
  Baseline b(7, 2, {{"quadrics", {{"hardware_collectives", false}}}});
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 64 ranks 4 per node - hardware")
{
  Baseline b(64, 4);
  CHECK(b.mpi_job.hardware_collectives());
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on real data - 64 ranks cyclic over 64 nodes - software")
{
  Baseline b(64, 1, {{"job", {{"placement", "cyclic"}}}, {"quadrics", {{"hardware_collectives", false}}}});
  CHECK(run_suite(b) == "");
}
TEST_CASE("collectives on a non-contiguous node set fall back to software")
{
  Baseline b(std::vector<unsigned>{0, 2, 5, 9, 10});
  CHECK_FALSE(b.mpi_job.hardware_collectives());
  CHECK(run_suite(b) == "");
}
// The same program on BCS-MPI (collectives still over its point-to-point calls) gives the same values.
TEST_CASE("collectives on real data - 7 ranks 2 per node - BCS-MPI")
{
  Baseline b(7, 2, {{"mpi", "bcs"}});
  CHECK(run_suite(b) == "");
}
