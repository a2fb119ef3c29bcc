#include "mpi/comm.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <stdexcept>

namespace bcssim::mpi {

void RequestState::complete(const Status& status) { complete_at(status, simgrid::s4u::Engine::get_clock()); }

void RequestState::complete_at(const Status& status, double at)
{
  done_ = true;
  status_ = status;
  status_.truncated = status.bytes > capacity_;
  completed_at_ = std::max(at, simgrid::s4u::Engine::get_clock());
  if (waiter_)
    waiter_->release();
}

void RequestState::limit(std::uint64_t capacity)
{
  capacity_ = capacity;
  status_.truncated = done_ && status_.bytes > capacity_;
}

void RequestState::block()
{
  if (done_)
    return;
  if (!waiter_)
    waiter_.emplace();
  waiter_->acquire();
}

bool RequestState::block_until(double deadline)
{
  const double now = simgrid::s4u::Engine::get_clock();
  if (done_ || deadline <= now)
    return done_;
  if (!waiter_)
    waiter_.emplace();
  waiter_->acquire_until(deadline);
  return done_;
}

void CallStats::add(double seconds, std::uint64_t call_bytes)
{
  min = count == 0 ? seconds : std::min(min, seconds);
  max = count == 0 ? seconds : std::max(max, seconds);
  ++count;
  total += seconds;
  bytes += call_bytes;
}

void CallStats::merge(const CallStats& other)
{
  if (other.count == 0)
    return;
  min = count == 0 ? other.min : std::min(min, other.min);
  max = count == 0 ? other.max : std::max(max, other.max);
  count += other.count;
  total += other.total;
  bytes += other.bytes;
  for (const auto& [n, calls] : other.boundaries)
    boundaries[n] += calls;
}

namespace {

std::string format_call(const char* primitive, const CallArg* args, std::size_t argc)
{
  std::string out = primitive;
  if (argc == 0)
    return out;
  out += '(';
  for (std::size_t i = 0; i < argc; ++i) {
    const CallArg& a = args[i];
    if (i > 0)
      out += ", ";
    switch (a.kind) {
      case CallArg::Kind::number:
        out += fmt::format("{}={}", a.key, a.value);
        break;
      case CallArg::Kind::datatype:
        out += to_string(Datatype(a.value));
        break;
      case CallArg::Kind::op:
        out += to_string(Op(a.value));
        break;
    }
  }
  return out + ')';
}

} // namespace

base::trace::Args Comm::call_trace_args(std::uint64_t bytes) const
{
  base::trace::Args out;
  for (std::size_t i = 0; i < call_argc_; ++i) {
    const CallArg& a = call_args_[i];
    switch (a.kind) {
      case CallArg::Kind::number:
        out.push_back(base::trace::arg(a.key, a.value));
        break;
      case CallArg::Kind::datatype:
        out.push_back(base::trace::arg("datatype", to_string(Datatype(a.value))));
        break;
      case CallArg::Kind::op:
        out.push_back(base::trace::arg("op", to_string(Op(a.value))));
        break;
    }
  }
  if (bytes > 0 && std::none_of(out.begin(), out.end(), [](const auto& a) { return a.key == "bytes"; }))
    out.push_back(base::trace::arg("bytes", std::int64_t(bytes)));
  return out;
}

std::string Comm::current_call() const
{
  return call_ == nullptr ? std::string() : format_call(call_, call_args_.data(), call_argc_);
}

Comm::CallScope::CallScope(Comm& comm, const char* primitive, std::uint64_t bytes, std::initializer_list<CallArg> args)
    : comm_(comm), outermost_(comm.call_ == nullptr), bytes_(bytes), start_(0)
{
  if (!outermost_)
    return;
  if (args.size() > kMaxCallArgs)
    throw std::logic_error(std::string(primitive) + ": more call arguments than Comm::kMaxCallArgs");
  comm_.call_ = primitive;
  std::copy(args.begin(), args.end(), comm_.call_args_.begin());
  comm_.call_argc_ = args.size();
  start_ = simgrid::s4u::Engine::get_clock();
  comm_.call_start_ = start_;
  if (base::trace::enabled())
    span_ = std::make_unique<base::trace::Span>(primitive, "mpi", comm_.call_trace_args(bytes_));
  if (comm_.observer_)
    comm_.observer_->enter(primitive);
}

Comm::CallScope::~CallScope()
{
  // A rank killed while blocked (SimGrid ends a deadlocked run by unwinding its actors) keeps the call it was in,
  // for the deadlock report.
  if (!outermost_ || std::uncaught_exceptions() != 0)
    return;
  const char* primitive = comm_.call_;
  const double end = std::max(simgrid::s4u::Engine::get_clock(), comm_.owed_until_);
  const double took = end - start_;
  CallStats* stats = nullptr;
  for (const auto& [literal, entry] : comm_.profile_by_literal_)
    if (literal == primitive) {
      stats = entry;
      break;
    }
  if (stats == nullptr) { // a literal not seen yet (the same name may come from two literals: one entry)
    auto it = comm_.profile_.find(std::string_view(primitive));
    if (it == comm_.profile_.end())
      it = comm_.profile_.emplace(primitive, CallStats{}).first;
    stats = &it->second;
    comm_.profile_by_literal_.emplace_back(primitive, stats);
  }
  stats->add(took, bytes_);
  if (const std::int64_t period = comm_.boundary_period_ns_; period > 0)
    ++stats->boundaries[std::uint32_t(base::to_ns(end) / period - base::to_ns(start_) / period)];
  comm_.call_ = nullptr;
  if (comm_.observer_)
    comm_.observer_->leave(primitive, start_, bytes_);
}

void Comm::execute_on_cpu(double flops)
{
  if (owed_until_ > 0) {
    const double now = simgrid::s4u::Engine::get_clock();
    if (owed_until_ > now)
      flops += (owed_until_ - now) * simgrid::s4u::this_actor::get_host()->get_speed();
    owed_until_ = 0;
  }
  if (cpu_ != nullptr) {
    cpu_->execute(flops);
    return;
  }
  simgrid::s4u::Host* host = simgrid::s4u::this_actor::get_host();
  computing(simgrid::s4u::Engine::get_clock() + flops / host->get_pstate_speed(host->get_pstate()));
  struct Computed { // also when the actor is killed while it computes
    Comm& comm;
    ~Computed() { comm.computed(); }
  } done{*this};
  simgrid::s4u::this_actor::execute(flops);
}

void Comm::sleep(double seconds)
{
  if (seconds <= 0)
    return;
  if (cpu_ == nullptr) // as execute_on_cpu: a time-shared PE's rank is not told (its ProcessCpu decides)
    computing(simgrid::s4u::Engine::get_clock() + seconds);
  struct Slept { // also when the actor is killed while it sleeps
    Comm& comm;
    bool told;
    ~Slept()
    {
      if (told)
        comm.computed();
    }
  } done{*this, cpu_ == nullptr};
  simgrid::s4u::this_actor::sleep_for(seconds);
}

void Comm::settle_owed()
{
  if (owed_until_ > simgrid::s4u::Engine::get_clock())
    simgrid::s4u::this_actor::sleep_until(owed_until_);
  owed_until_ = 0;
}

double Comm::wtime()
{
  settle_owed();
  return simgrid::s4u::Engine::get_clock();
}

void Comm::blocking_wait(const std::function<void()>& block, const std::function<bool(double)>& block_until)
{
  settle_owed();
  if (cpu_ != nullptr)
    cpu_->wait(block, block_until);
  else
    block();
}

void Comm::compute(double seconds)
{
  if (seconds <= 0)
    return;
  const base::trace::Span span("compute", "compute");
  execute_on_cpu(seconds * simgrid::s4u::this_actor::get_host()->get_speed());
}

void Comm::compute_flops(double flops)
{
  if (flops <= 0)
    return;
  const base::trace::Span span("compute", "compute");
  execute_on_cpu(flops);
}

void Comm::check_peer(int peer, bool wildcard_ok, const char* what) const
{
  if ((peer < 0 || peer >= size()) && !(wildcard_ok && peer == ANY_SOURCE))
    throw std::invalid_argument(fmt::format("rank {}: {} rank {} is not in [0, {})", rank(), what, peer, size()));
}

Request Comm::isend(const void* data, std::uint64_t bytes, int dst, int tag)
{
  CallScope call(*this, "MPI_Isend", bytes, {arg("dest", dst), arg("tag", tag), arg("bytes", bytes)});
  return start_send(data, bytes, dst, tag, Plane::user);
}

Request Comm::irecv(void* data, std::uint64_t capacity, int src, int tag)
{
  CallScope call(*this, "MPI_Irecv", capacity, {arg("source", src), arg("tag", tag)});
  Request r = start_recv(data, capacity, src, tag, Plane::user);
  r->limit(capacity);
  return r;
}

void Comm::send(const void* data, std::uint64_t bytes, int dst, int tag)
{
  CallScope call(*this, "MPI_Send", bytes, {arg("dest", dst), arg("tag", tag), arg("bytes", bytes)});
  wait(isend(data, bytes, dst, tag));
}

void Comm::recv(void* data, std::uint64_t capacity, int src, int tag, Status* status)
{
  CallScope call(*this, "MPI_Recv", capacity, {arg("source", src), arg("tag", tag)});
  wait(irecv(data, capacity, src, tag), status);
}

bool Comm::testall(const std::vector<Request>& requests)
{
  bool all = true;
  for (const Request& r : requests)
    all = test(r) && all;
  return all;
}

void Comm::waitall(const std::vector<Request>& requests)
{
  CallScope call(*this, "MPI_Waitall", 0, {arg("count", requests.size())});
  for (const Request& r : requests)
    wait(r);
}

Request Comm::coll_isend(const void* data, std::uint64_t bytes, int dst, int tag)
{
  return start_send(data, bytes, dst, tag, Plane::collective);
}

Request Comm::coll_irecv(void* data, std::uint64_t capacity, int src, int tag)
{
  Request r = start_recv(data, capacity, src, tag, Plane::collective);
  r->limit(capacity);
  return r;
}

void Comm::coll_send(const void* data, std::uint64_t bytes, int dst, int tag)
{
  wait(coll_isend(data, bytes, dst, tag));
}

void Comm::coll_recv(void* data, std::uint64_t capacity, int src, int tag)
{
  wait(coll_irecv(data, capacity, src, tag));
}

void Comm::coll_sendrecv(const void* send, std::uint64_t send_bytes, int dst, void* recv, std::uint64_t recv_bytes,
                         int src, int tag)
{
  const Request r = coll_irecv(recv, recv_bytes, src, tag);
  const Request s = coll_isend(send, send_bytes, dst, tag);
  wait(r);
  wait(s);
}

} // namespace bcssim::mpi
