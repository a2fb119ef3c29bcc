#include "mpi/reduce_op.hpp"

#include <algorithm>
#include <cstring>

namespace bcssim::mpi {
namespace {

template <typename T> void apply(Op op, const void* in, void* inout, std::size_t count)
{
  // memcpy rather than casts: payload buffers carry no alignment promise.
  for (std::size_t i = 0; i < count; ++i) {
    T a;
    T b;
    std::memcpy(&a, static_cast<const char*>(in) + i * sizeof(T), sizeof(T));
    std::memcpy(&b, static_cast<char*>(inout) + i * sizeof(T), sizeof(T));
    T r = op == Op::sum ? T(b + a) : op == Op::min ? std::min(a, b) : std::max(a, b);
    std::memcpy(static_cast<char*>(inout) + i * sizeof(T), &r, sizeof(T));
  }
}

} // namespace

std::size_t size_of(Datatype type)
{
  switch (type) {
    case Datatype::int32:
      return 4;
    case Datatype::int64:
    case Datatype::float64:
      return 8;
    case Datatype::byte:
      return 1;
  }
  return 0;
}

std::string to_string(Op op) { return op == Op::sum ? "sum" : op == Op::min ? "min" : "max"; }

std::string to_string(Datatype type)
{
  switch (type) {
    case Datatype::int32:
      return "int32";
    case Datatype::int64:
      return "int64";
    case Datatype::float64:
      return "float64";
    case Datatype::byte:
      return "byte";
  }
  return "?";
}

void reduce(Op op, Datatype type, const void* in, void* inout, std::size_t count)
{
  if (in == nullptr || inout == nullptr)
    return;
  switch (type) {
    case Datatype::int32:
      apply<std::int32_t>(op, in, inout, count);
      break;
    case Datatype::int64:
      apply<std::int64_t>(op, in, inout, count);
      break;
    case Datatype::float64:
      apply<double>(op, in, inout, count);
      break;
    case Datatype::byte:
      apply<std::uint8_t>(op, in, inout, count);
      break;
  }
}

} // namespace bcssim::mpi
