#include "bcs/runtime/slice_tape.hpp"

#include <xbt/asserts.h>

#include <algorithm>
#include <set>
#include <utility>

namespace bcssim::bcs::runtime {
namespace {
struct Recorder {
  SliceTape* tape = nullptr;
  std::set<std::pair<std::int32_t, std::int32_t>> compared; // each pair's outcome taped once
};
Recorder g_recorder; // the simulation runs on one thread; Recording is scoped and one at a time
} // namespace

SliceTape::Recording::Recording(SliceTape& tape)
{
  xbt_assert(g_recorder.tape == nullptr, "one slice tape records at a time");
  tape.slots_.clear();
  tape.guards_.clear();
  tape.inputs_ = 0;
  tape.compiled_ = false;
  g_recorder.tape = &tape;
  g_recorder.compared.clear();
}

SliceTape::Recording::~Recording() { g_recorder.tape = nullptr; }

Instant SliceTape::input(double v)
{
  xbt_assert(g_recorder.tape == this, "a tape's inputs are made while it records");
  slots_.push_back({Kind::input, inputs_++, 0, 0.0});
  return Instant(v, std::int32_t(slots_.size() - 1));
}

std::int32_t SliceTape::slot_of(Instant i)
{
  if (i.slot_ != Instant::kUntaped)
    return i.slot_;
  slots_.push_back({Kind::constant, 0, 0, i.v_});
  return std::int32_t(slots_.size() - 1);
}

Instant SliceTape::make(Kind kind, Instant a, Instant b, double value)
{
  if (a.slot_ == Instant::kUntaped && b.slot_ == Instant::kUntaped)
    return Instant::constant(value); // of constants alone: a constant
  const std::int32_t sa = slot_of(a);
  const std::int32_t sb = slot_of(b);
  slots_.push_back({kind, sa, sb, 0.0});
  return Instant(value, std::int32_t(slots_.size() - 1));
}

void SliceTape::compared(Instant a, Instant b)
{
  if (a.slot_ == b.slot_ && a.slot_ != Instant::kUntaped)
    return; // an instant and itself: always equal
  if (a.slot_ == Instant::kUntaped && b.slot_ == Instant::kUntaped)
    return; // two constants: always the same outcome
  const std::int32_t sa = slot_of(a);
  const std::int32_t sb = slot_of(b);
  if (!g_recorder.compared.emplace(std::min(sa, sb), std::max(sa, sb)).second)
    return; // a pair's outcome, taped once whichever way round it was compared
  guards_.push_back({sa, sb, static_cast<signed char>(a.v_ < b.v_ ? -1 : (a.v_ == b.v_ ? 0 : 1))});
}

Instant operator+(Instant a, Instant b)
{
  const double v = a.v_ + b.v_;
  return g_recorder.tape != nullptr ? g_recorder.tape->make(SliceTape::Kind::add, a, b, v) : Instant::constant(v);
}

Instant operator-(Instant a, Instant b)
{
  const double v = a.v_ - b.v_;
  return g_recorder.tape != nullptr ? g_recorder.tape->make(SliceTape::Kind::sub, a, b, v) : Instant::constant(v);
}

Instant max(Instant a, Instant b)
{
  return a < b ? b : a; // the comparison is taped; the result is one of the two, whose slot it keeps
}

bool operator<(Instant a, Instant b)
{
  if (g_recorder.tape != nullptr)
    g_recorder.tape->compared(a, b);
  return a.v_ < b.v_;
}

bool operator==(Instant a, Instant b)
{
  if (g_recorder.tape != nullptr)
    g_recorder.tape->compared(a, b);
  return a.v_ == b.v_;
}

void SliceTape::compile() const
{
  constants_.assign(slots_.size(), 0.0);
  input_slots_.assign(std::size_t(inputs_), 0);
  sums_.clear();
  for (std::size_t s = 0; s < slots_.size(); ++s) {
    const Slot& x = slots_[s];
    const auto out = std::int32_t(s);
    if (x.kind == Kind::input)
      input_slots_[std::size_t(x.a)] = out;
    else if (x.kind == Kind::constant)
      constants_[s] = x.constant;
    else
      sums_.push_back({x.a, x.b, out, x.kind == Kind::sub ? -1.0 : 1.0});
  }
  less_.clear();
  equal_.clear();
  for (const Guard& g : guards_) {
    if (g.order == 0)
      equal_.push_back({g.a, g.b});
    else
      less_.push_back(g.order < 0 ? Pair{g.a, g.b} : Pair{g.b, g.a});
  }
  compiled_ = true;
}

bool SliceTape::replay(const std::vector<double>& inputs, std::vector<double>& values) const
{
  if (inputs.size() != std::size_t(inputs_) || slots_.empty())
    return false;
  if (!compiled_)
    compile();
  values = constants_;
  double* v = values.data();
  for (std::size_t i = 0; i < input_slots_.size(); ++i)
    v[input_slots_[i]] = inputs[i];
  for (const Sum& x : sums_)
    v[x.out] = v[x.a] + x.sign * v[x.b]; // -1 * b is exact, and a + (-b) is a - b
  bool same = true;
  for (const Pair& p : less_)
    same &= v[p.a] < v[p.b];
  for (const Pair& p : equal_)
    same &= v[p.a] == v[p.b];
  return same;
}

} // namespace bcssim::bcs::runtime
