#include "sim/output/trace_writer.hpp"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

namespace bcssim::sim {
namespace {

// Microseconds (the format's unit) with nanosecond digits, from integer nanoseconds: exact and portable.
std::string micros(std::int64_t ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }

std::string json_string(std::string_view s) { return nlohmann::json(std::string(s)).dump(); }

// A span's arguments as its "args" member (empty when it has none).
std::string args_json(const base::trace::Args* args)
{
  if (args == nullptr || args->empty())
    return "";
  std::string out = R"(,"args":{)";
  for (std::size_t i = 0; i < args->size(); ++i) {
    const base::trace::Arg& a = (*args)[i];
    out += (i > 0 ? "," : "") + json_string(a.key) + ":" + (a.number ? a.text : json_string(a.text));
  }
  return out + "}";
}

// Where a host's group sorts: node n's CPU, then its NIC, in node order; anything else after them.
int host_order(const std::string& host)
{
  unsigned node = 0;
  char kind[4] = {};
  if (std::sscanf(host.c_str(), "node%u.%3s", &node, kind) == 2)
    return int(2 * node + (std::string(kind) == "nic" ? 2 : 1));
  return 1 << 30;
}

// Where a thread sorts in its group: ranks by rank number, then the other actors as they appeared.
int actor_order(const std::string& actor, int tid)
{
  const auto at = actor.rfind(".rank");
  if (at != std::string::npos && at + 5 < actor.size() &&
      actor.find_first_not_of("0123456789", at + 5) == std::string::npos)
    return std::stoi(actor.substr(at + 5));
  return (1 << 20) + tid;
}

} // namespace

std::pair<int, int> TraceWriter::track(std::string_view host, std::string_view actor)
{
  const std::string host_name = host.empty() ? "engine" : std::string(host);
  auto p = pids_.find(host_name);
  if (p == pids_.end()) {
    const int pid = int(pids_.size()) + 1;
    p = pids_.emplace(host_name, pid).first;
    metadata_ += fmt::format(R"({{"ph":"M","name":"process_name","pid":{},"args":{{"name":{}}}}},)"
                             "\n"
                             R"({{"ph":"M","name":"process_sort_index","pid":{},"args":{{"sort_index":{}}}}},)"
                             "\n",
                             pid, json_string(host_name), pid, host_order(host_name));
  }
  const int pid = p->second;
  auto key = std::make_pair(pid, std::string(actor));
  auto t = tids_.find(key);
  if (t == tids_.end()) {
    const int tid = int(tids_.size()) + 1;
    t = tids_.emplace(key, tid).first;
    metadata_ += fmt::format(R"({{"ph":"M","name":"thread_name","pid":{},"tid":{},"args":{{"name":{}}}}},)"
                             "\n"
                             R"({{"ph":"M","name":"thread_sort_index","pid":{},"tid":{},"args":{{"sort_index":{}}}}},)"
                             "\n",
                             pid, tid, json_string(actor), pid, tid, actor_order(key.second, tid));
  }
  return {pid, t->second};
}

void TraceWriter::record(const base::trace::Record& r)
{
  const std::int64_t to = window_.to_ns < 0 ? INT64_MAX : window_.to_ns;
  std::int64_t ts = r.ts_ns;
  std::int64_t dur = r.dur_ns;
  if (r.phase == 'X') {
    if (ts + dur < window_.from_ns || ts > to)
      return;
    const std::int64_t end = std::min(ts + dur, to);
    ts = std::max(ts, window_.from_ns);
    dur = end - ts;
  } else if (ts < window_.from_ns || ts > to) {
    return;
  }
  const auto [pid, tid] = track(r.host, r.actor);
  ++count_;
  Event e;
  switch (r.phase) {
    case 'X':
      e.text =
          fmt::format(R"({{"ph":"X","name":{},"cat":{},"ts":{},"dur":{},"pid":{},"tid":{}{}}},)", json_string(r.name),
                      json_string(r.category), micros(ts), micros(dur), pid, tid, args_json(r.args));
      break;
    case 'i':
      e.text = fmt::format(R"({{"ph":"i","name":{},"ts":{},"s":"{}","pid":{},"tid":{}}},)", json_string(r.name),
                           micros(ts), r.global ? 'g' : 't', pid, tid);
      break;
    default: { // 's' or 'f': a flow's tail or head, as a zero-length span carrying it (flow events v2, which
               // bind to their own span rather than to whatever encloses the instant)
      const std::string marker = fmt::format(R"({{"ph":"X","name":{},"cat":{},"ts":{},"dur":0,"pid":{},"tid":{})",
                                             json_string(r.name), json_string(r.category), micros(ts), pid, tid);
      const bool out = r.phase == 's';
      const bool bound = out || started_.count(r.id) > 0;
      e.text = marker + (bound ? fmt::format(R"(,"bind_id":{},"{}":true}},)", r.id, out ? "flow_out" : "flow_in")
                               : std::string("},"));
      if (out) {
        e.unbound = marker + "},";
        e.flow = r.id;
        started_.insert(r.id);
      } else if (bound) {
        joined_.insert(r.id);
      }
      break;
    }
  }
  e.text += '\n';
  if (!e.unbound.empty())
    e.unbound += '\n';
  events_.push_back(std::move(e));
}

std::string TraceWriter::json() const
{
  std::string body = metadata_;
  for (const Event& e : events_)
    body += e.flow != 0 && joined_.count(e.flow) == 0 ? e.unbound : e.text;
  if (!body.empty())
    body.erase(body.size() - 2, 1); // the last object's comma
  return "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n" + body + "]}\n";
}

} // namespace bcssim::sim
