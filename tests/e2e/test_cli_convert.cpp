// `bcssim convert` (issue 66 part 2): OTF2 archives, written here through Debian's OTF2 library as Score-P writes
// them, converted into traces whose every call, peer, size and tag is the archive's and whose computation is its
// time outside MPI, which replay on both MPIs; what the format cannot hold named with counts and refused unless
// skipped; archives that are not an MPI program's refused, naming the file.
#include "cli_harness.hpp"
#include "otf2_archive.hpp"

using namespace e2e;

namespace {

constexpr int kRanks = 4;
std::string n(std::uint64_t value) { return std::to_string(value); }

// Score-P's byte counts of rank r's collectives (apps/replay/otf2/collectives.hpp), block sizes as below.
void collectives(Otf2Archive& a, int r, OTF2_TimeStamp& t)
{
  const std::uint64_t N = kRanks;
  const std::uint64_t R = std::uint64_t(r);
  struct C {
    const char* call;
    OTF2_CollectiveOp op;
    std::uint32_t root;
    std::uint64_t sent, received;
  };
  const std::uint32_t none = OTF2_UNDEFINED_UINT32;
  const C calls[] = {
      {"MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER, none, 0, 0},
      {"MPI_Bcast", OTF2_COLLECTIVE_OP_BCAST, 1, r == 1 ? N * 40 : 0, 40},
      {"MPI_Reduce", OTF2_COLLECTIVE_OP_REDUCE, 2, 24, r == 2 ? N * 24 : 0},
      {"MPI_Allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE, none, N * 8, N * 8},
      {"MPI_Gather", OTF2_COLLECTIVE_OP_GATHER, 0, 4, r == 0 ? N * 4 : 0},
      {"MPI_Scatter", OTF2_COLLECTIVE_OP_SCATTER, 0, r == 0 ? N * 4 : 0, 4},
      {"MPI_Allgather", OTF2_COLLECTIVE_OP_ALLGATHER, none, N * 8, N * 8},
      {"MPI_Alltoall", OTF2_COLLECTIVE_OP_ALLTOALL, none, N * 16, N * 16},
      {"MPI_Scan", OTF2_COLLECTIVE_OP_SCAN, none, (N - R) * 8, (R + 1) * 8},
      {"MPI_Exscan", OTF2_COLLECTIVE_OP_EXSCAN, none, (N - 1 - R) * 8, R * 8},
      {"MPI_Reduce_scatter_block", OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, none, N * 8, N * 8},
      // The v collectives, rank r's block 8 (r + 1) bytes (80 in all): each record holds only its rank's share,
      // the counts come from every rank's record of the call.
      {"MPI_Gatherv", OTF2_COLLECTIVE_OP_GATHERV, 1, 8 * (R + 1), r == 1 ? 80u : 0u},
      {"MPI_Scatterv", OTF2_COLLECTIVE_OP_SCATTERV, 2, r == 2 ? 80u : 0u, 8 * (R + 1)},
      {"MPI_Allgatherv", OTF2_COLLECTIVE_OP_ALLGATHERV, none, N * 8 * (R + 1), 80},
      {"MPI_Reduce_scatter", OTF2_COLLECTIVE_OP_REDUCE_SCATTER, none, 80, N * 8 * (R + 1)},
  };
  for (const C& c : calls) {
    a.call(r, t, c.call, [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, at);
      OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, at, c.op, Otf2Archive::kWorld, c.root, c.sent, c.received);
    });
    t += 10;
  }
}

// What the archive below must become on rank r: every line but the computation.
std::vector<std::string> expected(int r)
{
  const int right = (r + 1) % kRanks;
  const int left = (r + kRanks - 1) % kRanks;
  std::vector<std::string> v;
  const auto add = [&](const std::string& action) { v.push_back(n(std::uint64_t(r)) + " " + action); };
  add("init");
  if (r % 2 == 0) {
    add("send " + n(right) + " 1 4000");
    add("recv " + n(left) + " 1 4000");
  } else {
    add("recv " + n(left) + " 1 4000");
    add("send " + n(right) + " 1 4000");
  }
  add("irecv " + n(left) + " 2 512"); // where it was posted, with what it matched
  add("isend " + n(right) + " 2 512");
  add("wait " + n(r) + " " + n(right) + " 2");
  add("wait " + n(left) + " " + n(r) + " 2");
  add("isend " + n(right) + " 3 64"); // MPI_Sendrecv
  add("irecv " + n(left) + " 3 64");
  add("wait " + n(r) + " " + n(right) + " 3");
  add("wait " + n(left) + " " + n(r) + " 3");
  for (const char* c : {"barrier", "bcast 40 1", "reduce 24 0 2", "allreduce 8 0"})
    add(c);
  add(r == 0 ? "gather 4 4 0" : "gather 4 4 0");
  for (const char* c :
       {"scatter 4 4 0", "allgather 8 8", "alltoall 16 16", "scan 8 0", "exscan 8 0", "reducescatter 8 8 8 8 0"})
    add(c);
  const std::string own = n(8 * std::uint64_t(r + 1));
  add("gatherv " + own + " 8 16 24 32 1");
  add("scatterv 8 16 24 32 " + own + " 2");
  add("allgatherv " + own + " 8 16 24 32");
  add("reducescatter 8 16 24 32 0");
  add("finalize");
  return v;
}

// The program: a ring of blocking sends, one of non-blocking ones waited for together, a Sendrecv, the
// collectives; 1,000 x (r + 1) ticks of computation before each block of calls. `extra` adds records on rank r.
template <class Extra> void write_program(const fs::path& dir, Extra extra)
{
  Otf2Archive a(dir, kRanks, 1'000'000'000); // 1 ns ticks
  for (int r = 0; r < kRanks; ++r) {
    const auto right = std::uint32_t((r + 1) % kRanks);
    const auto left = std::uint32_t((r + kRanks - 1) % kRanks);
    const OTF2_TimeStamp compute = 1000 * OTF2_TimeStamp(r + 1);
    OTF2_EvtWriter_Enter(a.rank(r), nullptr, 0, a.region("main"));
    OTF2_TimeStamp t = 50; // before MPI_Init: not the program's computation
    a.call(r, t, "MPI_Init");
    t += 1 + compute;
    const auto send = [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiSend(w, nullptr, at, right, Otf2Archive::kWorld, 1, 4000);
    };
    const auto recv = [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiRecv(w, nullptr, at, left, Otf2Archive::kWorld, 1, 4000);
    };
    if (r % 2 == 0) {
      a.call(r, t, "MPI_Send", send);
      a.call(r, t + 10, "MPI_Recv", recv);
    } else {
      a.call(r, t, "MPI_Recv", recv);
      a.call(r, t + 10, "MPI_Send", send);
    }
    t += 11 + compute;
    a.call(r, t, "MPI_Irecv",
           [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) { OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, at, 7); });
    a.call(r, t + 10, "MPI_Isend", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiIsend(w, nullptr, at, right, Otf2Archive::kWorld, 2, 512, 8);
    });
    a.call(r, t + 20, "MPI_Waitall", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiIsendComplete(w, nullptr, at, 8);
      OTF2_EvtWriter_MpiIrecv(w, nullptr, at, left, Otf2Archive::kWorld, 2, 512, 7);
    });
    t += 21 + compute;
    a.call(r, t, "MPI_Sendrecv", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiSend(w, nullptr, at, right, Otf2Archive::kWorld, 3, 64);
      OTF2_EvtWriter_MpiRecv(w, nullptr, at, left, Otf2Archive::kWorld, 3, 64);
    });
    t += 10;
    collectives(a, r, t);
    t += compute;
    extra(a, r, t);
    a.call(r, t, "MPI_Finalize");
    OTF2_EvtWriter_Leave(a.rank(r), nullptr, t + 100, a.region("main"));
  }
  a.close();
}

void no_extra(Otf2Archive&, int, OTF2_TimeStamp&) {}

} // namespace

TEST_CASE("convert: an OTF2 archive's calls are the program's, call by call, its computation the time outside MPI, "
          "and its trace replays on both simulated MPIs")
{
  const fs::path archive = kTmp / "otf2-program";
  write_program(archive, no_extra);
  const fs::path out = kTmp / "otf2-converted";
  fs::remove_all(out);
  const auto r = bcssim("convert " + (archive / "traces.otf2").string() + " --out " + out.string());
  CAPTURE(r.output);
  REQUIRE(r.code == 0);
  CHECK(r.output.find("converted (bcs-sim test): 4 ranks") != std::string::npos);
  for (int rank = 0; rank < kRanks; ++rank) {
    CAPTURE(rank);
    const auto [calls, flops] = read_rank_trace(out, rank);
    CHECK(calls == expected(rank));
    // 1 ns ticks at 1 Gflop/s: four gaps of 1,000 x (r + 1) ticks and the 19 gaps of 9 ticks between the calls of
    // a block, exactly; nothing of the 50 ticks before MPI_Init.
    const std::uint64_t compute = 1000 * std::uint64_t(rank + 1);
    CHECK(flops == double(4 * compute + 19 * 9));
  }
  const auto summary = nlohmann::json::parse(slurp(out / "convert.json"));
  CHECK(summary["ranks"] == kRanks);
  CHECK(summary["creator"] == "bcs-sim test");
  CHECK(summary["left_out"].empty());
  CHECK(slurp(out / "XXH128SUMS").find("  ranks/rank-3.txt\n") != std::string::npos);

  const fs::path replayed = kTmp / "otf2-replayed";
  const auto replay = bcssim("run " + (out / "scenario.json").string() + " -q --out " + replayed.string());
  CAPTURE(replay.output);
  REQUIRE(replay.code == 0);
  const auto runs = read_csv(replayed / "runs.csv");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].at("mpi") == "quadrics");
  CHECK(runs[1].at("mpi") == "bcs");
  // Its plot: a bar a MPI, the slowdown in the title (every route to one's own program ends in a plot: issue 66).
  CHECK(fs::file_size(replayed / "time.png") > 1000);
  const std::string gp = slurp(replayed / "time.gp");
  CHECK(gp.find("run time on each MPI: BCS-MPI +") != std::string::npos);
  CHECK(gp.find("% over Quadrics MPI") != std::string::npos);
}

TEST_CASE("convert: records the format cannot hold are named with their counts and refused, or left out with "
          "--skip-unsupported")
{
  const fs::path archive = kTmp / "otf2-unsupported";
  write_program(archive, [](Otf2Archive& a, int r, OTF2_TimeStamp& t) {
    a.call(r, t, "MPI_Alltoallv", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, at, OTF2_COLLECTIVE_OP_ALLTOALLV, Otf2Archive::kWorld,
                                      OTF2_UNDEFINED_UINT32, 4 * 8, 4 * 8);
    });
    t += 10;
    // A gatherv whose root rank 3 names otherwise: no one call of every rank to take the counts from.
    a.call(r, t, "MPI_Gatherv", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
      OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, at, OTF2_COLLECTIVE_OP_GATHERV, Otf2Archive::kWorld, r == 3 ? 0 : 1,
                                      8, r == 1 ? 32 : 0);
    });
    t += 10;
    if (r < 2) { // a barrier of the communicator of ranks 0 and 1
      a.call(r, t, "MPI_Barrier", [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) {
        OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, at, OTF2_COLLECTIVE_OP_BARRIER, Otf2Archive::kPair,
                                        OTF2_UNDEFINED_UINT32, 0, 0);
      });
      t += 10;
    }
    if (r == 3) {
      a.call(r, t, "MPI_Put",
             [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) { OTF2_EvtWriter_RmaPut(w, nullptr, at, 0, 0, 8, 0); });
      t += 10;
    }
  });
  const std::string anchor = (archive / "traces.otf2").string();
  const fs::path out = kTmp / "otf2-unsupported-out";
  fs::remove_all(out);
  const auto refused = bcssim("convert " + anchor + " --out " + out.string());
  CAPTURE(refused.output);
  CHECK(refused.code == 2);
  CHECK(refused.output.find("MPI_Alltoallv/w (OTF2 keeps each rank's totals, not the per-pair counts): 4 calls on "
                            "4 ranks") != std::string::npos);
  CHECK(refused.output.find("MPI_Gatherv (the ranks' sequences of v collectives differ: no per-rank counts): 4 "
                            "calls on 4 ranks") != std::string::npos);
  CHECK(refused.output.find("collectives on a communicator other than MPI_COMM_WORLD: 2 calls on 2 ranks") !=
        std::string::npos);
  CHECK(refused.output.find("one-sided communication (RMA): 1 call on 1 rank") != std::string::npos);
  CHECK(refused.output.find("--skip-unsupported") != std::string::npos);
  CHECK_FALSE(fs::exists(out));

  const auto kept = bcssim("convert " + anchor + " --out " + out.string() + " --skip-unsupported");
  CAPTURE(kept.output);
  REQUIRE(kept.code == 0);
  CHECK(kept.output.find("warning: left out of the trace") != std::string::npos);
  for (int rank = 0; rank < kRanks; ++rank)
    CHECK(read_rank_trace(out, rank).calls == expected(rank));
  CHECK(nlohmann::json::parse(slurp(out / "convert.json"))["left_out"].size() == 4);
}

TEST_CASE("convert: what is not an MPI program's OTF2 archive is refused, naming the file")
{
  const fs::path dir = kTmp / "otf2-bad";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path out = kTmp / "otf2-bad-out";
  fs::remove_all(out);
  const auto missing = bcssim("convert " + (dir / "none.otf2").string() + " --out " + out.string());
  CHECK(missing.code == 2);
  CHECK(missing.output.find("none.otf2") != std::string::npos);
  CHECK(missing.output.find("anchor file") != std::string::npos);

  // A time-independent trace given the wrong way: the message says how to go that way.
  std::ofstream(dir / "ring.txt") << "0 init\n0 finalize\n";
  const auto wrong_way = bcssim("convert " + (dir / "ring.txt").string() + " --out " + out.string());
  CHECK(wrong_way.code == 2);
  CHECK(wrong_way.output.find("(to write a time-independent trace as an archive: --to otf2)") != std::string::npos);
  std::ofstream(dir / "text.otf2") << "not an archive\n";
  const auto text = bcssim("convert " + (dir / "text.otf2").string() + " --out " + out.string());
  CAPTURE(text.output);
  CHECK(text.code == 2);
  CHECK(text.output.find("text.otf2") != std::string::npos);
  CHECK(text.output.find("an OTF2 archive of an MPI program") != std::string::npos);
  CHECK_FALSE(fs::exists(out));

  const auto speed =
      bcssim("convert " + (dir / "text.otf2").string() + " --out " + out.string() + " --host-speed fast");
  CHECK(speed.code == 2);
  CHECK(speed.output.find("--host-speed") != std::string::npos);
}

TEST_CASE("convert: replay.trace naming an OTF2 archive replays it as its conversion does, leaving no folder")
{
  const fs::path archive = kTmp / "otf2-anchor";
  write_program(archive, no_extra);
  const std::string anchor = (archive / "traces.otf2").string();
  const fs::path converted = kTmp / "otf2-anchor-converted";
  fs::remove_all(converted);
  REQUIRE(bcssim("convert " + anchor + " --out " + converted.string()).code == 0);
  const auto scratch_folders = [] {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(fs::temp_directory_path()))
      if (e.path().filename().string().rfind("bcssim-otf2-", 0) == 0)
        names.insert(e.path().filename().string());
    return names;
  };
  const std::set<std::string> before = scratch_folders();

  // The same scenario as the conversion's (both MPIs), the archive named directly: the same digests.
  const std::string scenario = (kTmp / "anchor.json").string();
  std::ofstream(scenario) << R"({"kind": "app", "app": {"name": "replay"}, "platform": {"preset": "crescendo"},
    "compare": true, "replay": {"trace": ")" +
                                 anchor + R"("}})";
  const auto validated = bcssim("validate " + scenario);
  CAPTURE(validated.output);
  CHECK(validated.code == 0);
  CHECK(validated.output.find("scenario 'otf2-anchor'") != std::string::npos); // the archive's folder names it
  const fs::path direct = kTmp / "otf2-anchor-direct", via = kTmp / "otf2-anchor-via";
  const auto a = bcssim("run " + scenario + " -q --progress never --out " + direct.string());
  REQUIRE_MESSAGE(a.code == 0, a.output);
  const auto b = bcssim("run " + (converted / "scenario.json").string() + " -q --progress never --out " + via.string());
  REQUIRE_MESSAGE(b.code == 0, b.output);
  for (const char* point : {"points/0000/digest", "points/0001/digest"}) {
    CAPTURE(point);
    CHECK(slurp(direct / point) == slurp(via / point));
  }
  CHECK(scratch_folders() == before); // each process's conversion removed when it ended

  // What the format cannot hold: refused before the run, naming the calls and the command that leaves them out.
  const fs::path odd = kTmp / "otf2-anchor-odd";
  write_program(odd, [](Otf2Archive& x, int r, OTF2_TimeStamp& t) {
    if (r != 3)
      return;
    x.call(r, t, "MPI_Put",
           [&](OTF2_EvtWriter* w, OTF2_TimeStamp at) { OTF2_EvtWriter_RmaPut(w, nullptr, at, 0, 0, 8, 0); });
    t += 10;
  });
  const std::string odd_anchor = (odd / "traces.otf2").string();
  const std::string odd_scenario = (kTmp / "anchor-odd.json").string();
  std::ofstream(odd_scenario) << R"({"kind": "app", "app": {"name": "replay"}, "platform": {"preset": "crescendo"},
    "replay": {"trace": ")" + odd_anchor +
                                     R"("}})";
  const auto refused = bcssim("run " + odd_scenario + " -q --out " + (kTmp / "anchor-odd").string());
  CAPTURE(refused.output);
  CHECK(refused.code == 2);
  CHECK(refused.output.find("replay.trace = \"" + odd_anchor +
                            "\": expected an archive of a program whose MPI "
                            "calls the trace format holds; it also made:\n  one-sided communication (RMA): 1 call "
                            "on 1 rank\n`bcssim convert " +
                            odd_anchor + " --out DIR --skip-unsupported`") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "anchor-odd"));
  // Checksums are a converted trace's: refused beside an archive.
  const auto sums = bcssim("validate " + scenario + " --set replay.checksums=" + (converted / "XXH128SUMS").string());
  CHECK(sums.code == 2);
  CHECK(sums.output.find("replay.checksums") != std::string::npos);
  CHECK(sums.output.find("bcssim convert") != std::string::npos);
  CHECK(scratch_folders() == before);
}
