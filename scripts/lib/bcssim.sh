# Sourced, from the repository's root, by the scripts that run bcssim (scripts/*.sh, bench/*.sh). Sets `exe`: the
# binary named by $BCSSIM when it is set (used as it is), else build/release/bcssim, brought up to date and copied
# to a private file that is removed when the script exits. The copy is what keeps a long script's runs safe from a
# rebuild of build/release by another script or an edit: a run started while the linker rewrites that file fails
# ("Permission denied"). A script that sets its own EXIT trap must remove "$bcssim_private" in it.
if [ -n "${BCSSIM:-}" ]; then
  exe=$BCSSIM
  bcssim_private=""
else
  cmake --build --preset release --target bcssim >/dev/null
  bcssim_private=$(mktemp -d "${TMPDIR:-/tmp}/bcssim-binary.XXXXXX")
  cp build/release/bcssim "$bcssim_private/bcssim"
  exe=$bcssim_private/bcssim
  trap 'rm -rf "$bcssim_private"' EXIT
fi
