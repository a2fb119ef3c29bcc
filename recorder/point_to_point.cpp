// The point-to-point calls, recorded as the trace format's actions (docs/trace-format.md): sizes in bytes (the
// default datatype, MPI_BYTE), peers and tags as the program gave them (-1 for MPI_ANY_SOURCE and MPI_ANY_TAG), a
// non-blocking call's completion as a `wait` naming its channel. MPI_PROC_NULL peers move nothing: not recorded.
#include "recorder/recording.hpp"

#include <vector>

using bcssim::recorder::Call;
using bcssim::recorder::Channel;
using bcssim::recorder::Recording;

namespace {
Recording& rec() { return Recording::get(); }

int peer(int rank) { return rank == MPI_ANY_SOURCE ? -1 : rank; }
int tag_of(int tag) { return tag == MPI_ANY_TAG ? -1 : tag; }

// A blocking send of any mode, recorded as `send`: the format has one blocking send (docs/trace-format.md), so a
// synchronous send's wait for its match is replayed as each MPI's own protocol for that size makes it.
int send(const char* call, int (*pmpi)(const void*, int, MPI_Datatype, int, int, MPI_Comm), const void* buf, int count,
         MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  const Call c;
  const int err = pmpi(buf, count, type, dest, tag, comm);
  if (c.on() && dest != MPI_PROC_NULL && rec().world(comm, call))
    rec().line("send %d %d %llu", dest, tag, static_cast<unsigned long long>(Recording::bytes(count, type)));
  return err;
}

int isend(const char* call, int (*pmpi)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*),
          const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  const Call c;
  const int err = pmpi(buf, count, type, dest, tag, comm, request);
  if (c.on() && dest != MPI_PROC_NULL && rec().world(comm, call)) {
    rec().line("isend %d %d %llu", dest, tag, static_cast<unsigned long long>(Recording::bytes(count, type)));
    rec().posted(*request, Channel{rec().rank(), dest, tag});
  }
  return err;
}

// The `wait` lines of the requests of `before` that this recorder posted, in array order (all completed).
void completed(const std::vector<MPI_Request>& before, const MPI_Status* statuses)
{
  for (std::size_t i = 0; i < before.size(); ++i) {
    Channel channel;
    if (before[i] != MPI_REQUEST_NULL && rec().take(before[i], channel))
      rec().waited(channel, statuses[i]);
  }
}
// The `wait` lines of the requests a Waitsome or Testsome completed (`indices` into `before`).
void completed_some(const std::vector<MPI_Request>& before, int outcount, const int* indices,
                    const MPI_Status* statuses)
{
  for (int i = 0; outcount != MPI_UNDEFINED && i < outcount; ++i) {
    Channel channel;
    if (rec().take(before[std::size_t(indices[i])], channel))
      rec().waited(channel, statuses[i]);
  }
}
// The status (or statuses) to hand PMPI: the program's, or the recorder's own where it passed MPI_STATUS_IGNORE
// (MPI_STATUSES_IGNORE), since a wildcard receive's `wait` names the source and tag that matched.
class Status {
public:
  explicit Status(MPI_Status* given) : at_(given == MPI_STATUS_IGNORE ? &own_ : given) {}
  Status(const Status&) = delete;
  Status& operator=(const Status&) = delete;
  operator MPI_Status*() const { return at_; } // NOLINT(google-explicit-constructor): passed to PMPI as is

private:
  MPI_Status own_{};
  MPI_Status* at_;
};
class Statuses {
public:
  Statuses(MPI_Status* given, int count)
      : own_(given == MPI_STATUSES_IGNORE ? std::size_t(count) : 0), at_(own_.empty() ? given : own_.data())
  {
  }
  Statuses(const Statuses&) = delete;
  Statuses& operator=(const Statuses&) = delete;
  operator MPI_Status*() const { return at_; } // NOLINT(google-explicit-constructor): passed to PMPI as is

private:
  std::vector<MPI_Status> own_;
  MPI_Status* at_;
};
} // namespace

extern "C" {

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return send("MPI_Send", PMPI_Send, buf, count, type, dest, tag, comm);
}
int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return send("MPI_Ssend", PMPI_Ssend, buf, count, type, dest, tag, comm);
}
int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return send("MPI_Bsend", PMPI_Bsend, buf, count, type, dest, tag, comm);
}
int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  return send("MPI_Rsend", PMPI_Rsend, buf, count, type, dest, tag, comm);
}
int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return isend("MPI_Isend", PMPI_Isend, buf, count, type, dest, tag, comm, request);
}
int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return isend("MPI_Issend", PMPI_Issend, buf, count, type, dest, tag, comm, request);
}
int MPI_Ibsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return isend("MPI_Ibsend", PMPI_Ibsend, buf, count, type, dest, tag, comm, request);
}
int MPI_Irsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return isend("MPI_Irsend", PMPI_Irsend, buf, count, type, dest, tag, comm, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status)
{
  const Call c;
  const int err = PMPI_Recv(buf, count, type, source, tag, comm, status);
  if (c.on() && source != MPI_PROC_NULL && rec().world(comm, "MPI_Recv"))
    rec().line("recv %d %d %llu", peer(source), tag_of(tag),
               static_cast<unsigned long long>(Recording::bytes(count, type)));
  return err;
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
  const Call c;
  const int err = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  if (c.on() && source != MPI_PROC_NULL && rec().world(comm, "MPI_Irecv")) {
    rec().line("irecv %d %d %llu", peer(source), tag_of(tag),
               static_cast<unsigned long long>(Recording::bytes(count, type)));
    rec().posted(*request, Channel{source, rec().rank(), tag});
  }
  return err;
}

// MPI_Sendrecv as the non-blocking pair it is, with its own tags (the format's `sendRecv` has tag 0 both ways).
int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status)
{
  const Call c;
  Status st(status);
  const int err = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                                recvtag, comm, st);
  if (!c.on() || !rec().world(comm, "MPI_Sendrecv"))
    return err;
  const int me = rec().rank();
  if (dest != MPI_PROC_NULL)
    rec().line("isend %d %d %llu", dest, sendtag,
               static_cast<unsigned long long>(Recording::bytes(sendcount, sendtype)));
  if (source != MPI_PROC_NULL)
    rec().line("irecv %d %d %llu", peer(source), tag_of(recvtag),
               static_cast<unsigned long long>(Recording::bytes(recvcount, recvtype)));
  if (dest != MPI_PROC_NULL)
    rec().waited(Channel{me, dest, sendtag}, *st);
  if (source != MPI_PROC_NULL)
    rec().waited(Channel{source, me, recvtag}, *st);
  return err;
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status)
{
  const Call c;
  Status st(status);
  const int err = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, st);
  if (!c.on() || !rec().world(comm, "MPI_Sendrecv_replace"))
    return err;
  const unsigned long long bytes = Recording::bytes(count, type);
  const int me = rec().rank();
  if (dest != MPI_PROC_NULL)
    rec().line("isend %d %d %llu", dest, sendtag, bytes);
  if (source != MPI_PROC_NULL)
    rec().line("irecv %d %d %llu", peer(source), tag_of(recvtag), bytes);
  if (dest != MPI_PROC_NULL)
    rec().waited(Channel{me, dest, sendtag}, *st);
  if (source != MPI_PROC_NULL)
    rec().waited(Channel{source, me, recvtag}, *st);
  return err;
}

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
  const Call c;
  const MPI_Request before = *request;
  Status st(status);
  const int err = PMPI_Wait(request, st);
  Channel channel;
  if (c.on() && rec().take(before, channel))
    rec().waited(channel, *st);
  return err;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(statuses, count);
  const int err = PMPI_Waitall(count, requests, st);
  if (c.on())
    completed(before, st);
  return err;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status)
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + count);
  Status st(status);
  const int err = PMPI_Waitany(count, requests, index, st);
  Channel channel;
  if (c.on() && *index != MPI_UNDEFINED && rec().take(before[std::size_t(*index)], channel))
    rec().waited(channel, *st);
  return err;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + incount);
  Statuses st(statuses, incount);
  const int err = PMPI_Waitsome(incount, requests, outcount, indices, st);
  if (c.on())
    completed_some(before, *outcount, indices, st);
  return err;
}

// A test that finds its request complete is recorded as the `wait` it amounts to; one that does not, as nothing
// (its time is the computation's): a polling loop becomes the wait it was.
int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
  const Call c;
  const MPI_Request before = *request;
  Status st(status);
  const int err = PMPI_Test(request, flag, st);
  Channel channel;
  if (c.on() && *flag && rec().take(before, channel))
    rec().waited(channel, *st);
  return err;
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[])
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + count);
  Statuses st(statuses, count);
  const int err = PMPI_Testall(count, requests, flag, st);
  if (c.on() && *flag)
    completed(before, st);
  return err;
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + count);
  Status st(status);
  const int err = PMPI_Testany(count, requests, index, flag, st);
  Channel channel;
  if (c.on() && *flag && *index != MPI_UNDEFINED && rec().take(before[std::size_t(*index)], channel))
    rec().waited(channel, *st);
  return err;
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
  const Call c;
  const std::vector<MPI_Request> before(requests, requests + incount);
  Statuses st(statuses, incount);
  const int err = PMPI_Testsome(incount, requests, outcount, indices, st);
  if (c.on())
    completed_some(before, *outcount, indices, st);
  return err;
}

// A request freed before it completed is never waited for: forgotten, so that its handle, reused, is not taken
// for it.
int MPI_Request_free(MPI_Request* request)
{
  Channel channel;
  if (rec().on())
    rec().take(*request, channel);
  return PMPI_Request_free(request);
}

} // extern "C"
