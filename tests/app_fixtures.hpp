#pragma once
// Application specs the tests start from: the values the tests were written against (sweep3d 2.2b's standard
// input, SAGE's 13,500 cells, a 1 ms synthetic loop). A scenario's defaults are the declarations in apps/*/app.cpp.
#include "apps/sage_proxy/sage.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "apps/synthetic/synthetic.hpp"

namespace bcssim::test {

inline apps::sweep3d::Spec sweep3d_spec()
{
  apps::sweep3d::Spec s;
  s.npe_i = s.npe_j = 1;
  s.it_g = s.jt_g = s.kt = 50;
  s.mm = 6;
  s.mmi = 3;
  s.mk = 10;
  s.iterations = 1;
  return s;
}

inline apps::sage::Spec sage_spec()
{
  apps::sage::Spec s;
  s.cells_per_process = 13500;
  s.cycles = 10;
  s.exchanges = 3;
  s.allreduces = 10;
  s.ghost_bytes = 8;
  s.seed = 1;
  return s;
}

inline apps::synthetic::Spec synthetic_spec()
{
  apps::synthetic::Spec s;
  s.granularity = 1e-3;
  s.iterations = 10;
  s.neighbours = 2;
  s.message_bytes = 4096;
  s.seed = 1;
  return s;
}

} // namespace bcssim::test
