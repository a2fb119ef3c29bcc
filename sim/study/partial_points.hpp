#pragma once
// The finished points of a study, kept across an interruption (issue 45 item 7). A study run into <out> runs its
// points into the sibling folder "<out>.partial/points/NNNN" (each appears whole: a point is a results folder of
// its own); a SIGINT, a failed point or a kill leaves that folder, and the next run of the same study into the
// same <out> by the same binary reuses every point whose summary.json records the scenario the study gives it now
// (point_check.hpp), running only the others. The study's results, and its digest, are the same either way: a
// point is a deterministic function of its scenario, its title and the binary. Once the study's folder is in
// place the partial folder goes. The folder carries a marker naming the binary (a hash of its file) and the
// study's title; a folder of that name without the marker is not bcssim's and stops the run (exit 2).
#include "sim/output/results_dir.hpp"
#include "sim/study/study.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim {

class PartialPoints {
public:
  /// Opens <out>.partial for `study` (titled `title`) or makes it, keeping the points it can reuse; throws
  /// ScenarioError when the folder is not bcssim's or another run holds it.
  PartialPoints(const Study& study, const std::filesystem::path& out, const std::string& title);
  ~PartialPoints();
  PartialPoints(const PartialPoints&) = delete;
  PartialPoints& operator=(const PartialPoints&) = delete;

  bool done(std::size_t i) const { return done_.at(i); }
  std::size_t reused() const { return reused_; }
  const std::filesystem::path& root() const { return root_; }
  /// Where point i's run writes its results folder.
  std::filesystem::path folder(std::size_t i) const;
  /// Moves every point into `dir`'s points/ (the same filesystem: both are siblings of <out>).
  void move_into(const ResultsDir& dir);
  /// Undoes move_into when the study's own files could not be written (a full disk while plotting): the finished
  /// points go back for a resume instead of going with the unfinished folder. Best effort; says what it kept.
  void move_back(const ResultsDir& dir) noexcept;
  /// After the study's folder is in place: the partial folder goes.
  void remove();

private:
  std::filesystem::path root_;
  std::vector<bool> done_;
  std::size_t reused_ = 0;
  int lock_fd_ = -1;
};

} // namespace bcssim::sim
