#include "apps/replay/otf2/rank_writer.hpp"

#include "apps/replay/otf2/bcssim_records.hpp"
#include "apps/replay/otf2/convert.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bcssim::apps::replay::otf2 {

RankWriter::RankWriter(const Definitions& defs, int rank, int ranks, double host_speed, const std::string& file,
                       const VCollectives* v)
    : defs_(defs), rank_(rank), ranks_(ranks), ticks_to_flops_(host_speed / double(defs.resolution)),
      out_(file, std::ios::binary | std::ios::trunc), v_(v)
{
  if (!out_)
    throw Otf2Error(fmt::format("{}: cannot be written", file));
}

void RankWriter::line(std::string text)
{
  if (held_.empty())
    out_ << rank_ << ' ' << text << '\n';
  else
    held_.push_back({std::move(text), false});
}

void RankWriter::flush()
{
  while (!held_.empty() && !held_.front().waiting) {
    if (!held_.front().text.empty()) // a receive dropped (cancelled, on another communicator) leaves no line
      out_ << rank_ << ' ' << held_.front().text << '\n';
    held_.pop_front();
    ++held_first_;
  }
}

bool RankWriter::world(OTF2_CommRef comm, const char* what)
{
  if (defs_.world(comm, std::size_t(ranks_)))
    return true;
  unsupported(fmt::format("{} on a communicator other than MPI_COMM_WORLD", what));
  return false;
}

void RankWriter::enter(OTF2_TimeStamp time, OTF2_RegionRef region)
{
  ++events_;
  if (!defs_.mpi(region))
    return;
  if (mpi_depth_++ > 0)
    return;
  outer_call_ = defs_.name(region);
  if (!started_) { // the first MPI call (MPI_Init, as a rule): the computation before it is not the program's
    started_ = true;
    line("init");
    return;
  }
  computation_until(time);
}

void RankWriter::computation_until(OTF2_TimeStamp time)
{
  // The gap since the last MPI call (or burst's end), in whole flops; the remainder carries to the next.
  flops_due_ += static_cast<long double>(time - left_mpi_at_) * ticks_to_flops_;
  left_mpi_at_ = time;
  const auto whole = static_cast<std::uint64_t>(std::floor(flops_due_));
  if (whole > flops_written_) {
    line(fmt::format("compute {}", whole - flops_written_));
    flops_written_ = whole;
  }
}

void RankWriter::leave(OTF2_TimeStamp time, OTF2_RegionRef region)
{
  ++events_;
  // A burst of bcs-sim's own archive ends (bcssim_records.hpp): its computation is a line of its own.
  if (!defs_.mpi(region) && started_ && mpi_depth_ == 0 && defs_.name(region) == kComputeRegion) {
    computation_until(time);
    return;
  }
  if (!defs_.mpi(region) || mpi_depth_ == 0 || --mpi_depth_ > 0)
    return;
  left_mpi_at_ = time;
  if (sendrecv_send_) // MPI_Sendrecv ends: its two requests complete
    line(fmt::format("wait {} {} {}", rank_, sendrecv_send_->first, sendrecv_send_->second));
  if (sendrecv_recv_)
    line(fmt::format("wait {} {} {}", sendrecv_recv_->first, rank_, sendrecv_recv_->second));
  sendrecv_send_.reset();
  sendrecv_recv_.reset();
  outer_call_.clear();
}

void RankWriter::send(std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes)
{
  ++events_;
  if (!world(comm, "point-to-point"))
    return;
  // MPI_Sendrecv as two requests, so that two ranks exchanging with it cannot deadlock the replay's blocking send.
  if (in_sendrecv()) {
    line(fmt::format("isend {} {} {}", to, tag, bytes));
    sendrecv_send_ = {to, tag};
    return;
  }
  line(fmt::format("send {} {} {}", to, tag, bytes));
}

void RankWriter::isend(std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
                       std::uint64_t request)
{
  ++events_;
  if (!world(comm, "point-to-point"))
    return;
  line(fmt::format("isend {} {} {}", to, tag, bytes));
  isends_[request] = {to, tag};
}

void RankWriter::isend_complete(std::uint64_t request)
{
  ++events_;
  const auto it = isends_.find(request);
  if (it == isends_.end()) // a send on another communicator (counted)
    return;
  line(fmt::format("wait {} {} {}", rank_, it->second.first, it->second.second));
  isends_.erase(it);
}

void RankWriter::irecv_request(std::uint64_t request)
{
  ++events_;
  irecvs_[request] = held_first_ + held_.size();
  held_.push_back({"", true});
}

void RankWriter::irecv(std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
                       std::uint64_t request)
{
  ++events_;
  const auto it = irecvs_.find(request);
  const bool posted = it != irecvs_.end();
  if (!world(comm, "point-to-point")) {
    if (posted) {
      held_[it->second - held_first_] = {"", false};
      irecvs_.erase(it);
      flush();
    }
    return;
  }
  const std::string posting = fmt::format("irecv {} {} {}", from, tag, bytes);
  if (posted) { // its line where it was posted, with what it matched
    held_[it->second - held_first_] = {posting, false};
    irecvs_.erase(it);
    flush();
  } else { // an archive without the request's posting: posted here, as late as it can have been
    line(posting);
  }
  line(fmt::format("wait {} {} {}", from, rank_, tag));
}

void RankWriter::recv(std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes)
{
  ++events_;
  if (!world(comm, "point-to-point"))
    return;
  if (in_sendrecv()) {
    line(fmt::format("irecv {} {} {}", from, tag, bytes));
    sendrecv_recv_ = {from, tag};
    return;
  }
  line(fmt::format("recv {} {} {}", from, tag, bytes));
}

void RankWriter::cancelled(std::uint64_t request)
{
  ++events_;
  if (const auto it = irecvs_.find(request); it != irecvs_.end()) {
    held_[it->second - held_first_] = {"", false};
    irecvs_.erase(it);
    flush();
    return;
  }
  if (isends_.erase(request) != 0) // its isend is already written, and the replay would send it
    unsupported("cancelled sends (MPI_Cancel)");
}

void RankWriter::collective(OTF2_CommRef comm, const CollectiveRecord& c)
{
  ++events_;
  CollectiveAction action = collective_action(c, rank_, ranks_);
  if (action.line.empty() && action.unsupported.empty()) // a communicator's or window's creation: no data moved
    return;
  if (!world(comm, "collectives"))
    return;
  if (per_rank_counts(c.op)) { // its counts come from every rank's record of it (v_collectives.hpp)
    const std::size_t k = v_calls_++;
    if (v_ != nullptr)
      action = v_->action(rank_, k);
  }
  if (action.line.empty())
    unsupported(action.unsupported);
  else
    line(action.line);
}

void RankWriter::finish()
{
  // Receives posted and never completed: the trace cannot say what they matched.
  long open = 0;
  for (Line& held : held_)
    if (held.waiting) {
      held = {"", false};
      ++open;
    }
  irecvs_.clear();
  flush();
  if (open > 0)
    unsupported("non-blocking receives never completed", open);
  line("finalize");
  for (const auto& [what, count] : unsupported_)
    out_ << "# unsupported " << count << ' ' << what << '\n';
  out_.flush();
  if (!out_)
    throw Otf2Error("a rank's trace file could not be written (disk full?)");
}

} // namespace bcssim::apps::replay::otf2
