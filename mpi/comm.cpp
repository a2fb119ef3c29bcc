#include "mpi/comm.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::mpi {

void RequestState::complete(const Status& status)
{
  done_ = true;
  status_ = status;
  completed_at_ = simgrid::s4u::Engine::get_clock();
  if (waiter_)
    waiter_->release();
}

void RequestState::block()
{
  if (done_)
    return;
  if (!waiter_)
    waiter_ = simgrid::s4u::Semaphore::create(0);
  waiter_->acquire();
}

void Comm::send(const void* data, std::uint64_t bytes, int dst, int tag) { wait(isend(data, bytes, dst, tag)); }

void Comm::recv(void* data, std::uint64_t capacity, int src, int tag, Status* status)
{
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
  for (const Request& r : requests)
    wait(r);
}

} // namespace bcssim::mpi
