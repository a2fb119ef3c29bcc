#include "sim/config/units.hpp"

#include <doctest/doctest.h>

using namespace bcssim::sim;

TEST_CASE("quantities parse into SI units; MB is 10^6 and MiB 2^20")
{
  CHECK(*parse_quantity(Quantity::time, "500us") == doctest::Approx(500e-6).scale(0));
  CHECK(*parse_quantity(Quantity::time, "1853.8ns") == doctest::Approx(1853.8e-9).scale(0));
  CHECK(*parse_quantity(Quantity::time, "2s") == 2.0);
  CHECK(*parse_quantity(Quantity::bandwidth, "400MB/s") == 400e6);
  CHECK(*parse_quantity(Quantity::bandwidth, "290MiB/s") == 290.0 * 1048576);
  CHECK(*parse_quantity(Quantity::size, "12MB") == 12e6);
  CHECK(*parse_quantity(Quantity::size, "1MiB") == 1048576.0);
  CHECK(*parse_quantity(Quantity::size, "4KiB") == 4096.0);
  CHECK(*parse_quantity(Quantity::size, "0B") == 0.0);
  CHECK(*parse_quantity(Quantity::frequency, "1GHz") == 1e9);
  CHECK(*parse_quantity(Quantity::frequency, "833MHz") == 833e6);
  CHECK(*parse_quantity(Quantity::length, "10m") == 10.0);
  CHECK(*parse_quantity(Quantity::length, "2.5m") == 2.5);
  CHECK(*parse_quantity(Quantity::time_per_length, "3.94ns/m") == doctest::Approx(3.94e-9).scale(0));
  CHECK(*parse_quantity(Quantity::time, "1e3ns") == doctest::Approx(1e-6).scale(0));
  CHECK(*parse_quantity(Quantity::time, "5 us") == doctest::Approx(5e-6).scale(0));
}

TEST_CASE("malformed quantities are refused")
{
  for (const char* bad : {"", "us", "500", "500 u s", "-5us", "5usec", "5MB", "fast", "1e999s", ".s"})
    CHECK_FALSE(parse_quantity(Quantity::time, bad).has_value());
  CHECK_FALSE(parse_quantity(Quantity::bandwidth, "400MB").has_value()); // a size is not a bandwidth
  CHECK_FALSE(parse_quantity(Quantity::size, "400Mb").has_value());      // bits are not bytes
  CHECK(quantity_help(Quantity::bandwidth).find("MiB/s") != std::string::npos);
}

TEST_CASE("quantities and numbers print for people, in the unit that shows them best, and read back")
{
  using bcssim::base::format_quantity;
  using bcssim::base::readable;
  CHECK(format_quantity(Quantity::size, 16777216) == "16MiB");
  CHECK(format_quantity(Quantity::size, 1e9) == "1GB");
  CHECK(format_quantity(Quantity::size, 1) == "1B");
  CHECK(format_quantity(Quantity::time, 5e-4) == "500us");
  CHECK(format_quantity(Quantity::time, 2.5e-3) == "2500us");
  CHECK(format_quantity(Quantity::time, 2.5e-3 + 1e-10) == "2.5ms");
  CHECK(format_quantity(Quantity::time, 0) == "0s");
  CHECK(format_quantity(Quantity::bandwidth, 400e6) == "400MB/s");
  CHECK(format_quantity(Quantity::time, 1.0 / 0.0) == "unbounded");
  for (double v : {16777216.0, 1e9, 5e-4, 2.5e-3, 0.37e-6, 123.456e-9})
    CHECK(*parse_quantity(Quantity::time, format_quantity(Quantity::time, v)) == doctest::Approx(v).epsilon(1e-3));
  CHECK(readable(16777216) == "16777216");
  CHECK(readable(1e9) == "1000000000");
  CHECK(readable(2.2) == "2.2");
  CHECK(readable(338.3839) == "338.4");
  CHECK(readable(0.020185) == "0.02019");
  CHECK(readable(1.5e-7) == "1.5e-07");
  CHECK(readable(0) == "0");
}
