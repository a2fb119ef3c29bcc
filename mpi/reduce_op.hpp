#pragma once
// Reduction operators on real data (MPI_SUM, MPI_MIN, MPI_MAX over MPI_INT, MPI_LONG_LONG, MPI_DOUBLE and
// MPI_BYTE as unsigned 8-bit integers, which also carries a replayed trace's reductions of other datatypes):
// reductions compute real values when a payload is given, so tests can check what every rank ends up with.
#include <cstddef>
#include <cstdint>
#include <string>

namespace bcssim::mpi {

enum class Op { sum, min, max };
enum class Datatype { int32, int64, float64, byte };

std::size_t size_of(Datatype type);
std::string to_string(Op op);
std::string to_string(Datatype type);

/// inout[i] = inout[i] op in[i] for i < count. Either pointer may be null for a size-only (skeleton) payload,
/// in which case nothing is computed.
void reduce(Op op, Datatype type, const void* in, void* inout, std::size_t count);

} // namespace bcssim::mpi
