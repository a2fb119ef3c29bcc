#pragma once
// Opening a user's file to read without hanging on it.
#include <filesystem>
#include <fstream>
#include <ios>

namespace bcssim::base {

/// Whether `path` exists as something a reader must not open: a FIFO (opening it blocks until a writer comes), a
/// device (it never ends), a socket or a folder; links followed. A missing path is not (its open fails and says so).
bool not_a_regular_file(const std::filesystem::path& path);

/// `path` opened as std::ifstream(path, mode) opens it, but left closed (`!in`) when not_a_regular_file(path), so
/// that each reader's "cannot be read" path refuses a FIFO given by mistake or on purpose instead of waiting forever
/// (hostile pass of 2026-12-06: replay.checksums, workload.swf, `workload stats`, `verify --digests` and merge
/// all hung on a FIFO).
std::ifstream input_file(const std::filesystem::path& path, std::ios::openmode mode = std::ios::binary);

} // namespace bcssim::base
