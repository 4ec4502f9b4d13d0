#!/usr/bin/env bash
# The GitHub Action's one step (action.yml runs this script). It installs the package
# the action was released with, the same tarball `npm pack` builds and the image
# carries, and runs its `cp-conformance run` or `cp-conformance doctor`.
#
# Inputs come as environment variables, INPUT_ and the input's name in capitals with
# `-` as `_` (INPUT_BASE_URL for base-url), as action.yml passes them; test/ci-forms.test.ts
# runs this script the same way, with a GITHUB_OUTPUT and a GITHUB_STEP_SUMMARY file of
# its own. An input left empty is not given: the job's own CP_* variable, if it has one,
# stays in force.
#
# Node: the runner's `node` when it is 20.19 or later, else the newest such Node of the
# runner's tool cache (hosted runners hold several); it is used for this step only, and
# the PATH of the caller's later steps is left as it was. None: exit 2, saying so.
#
# Outputs: exit-code always; with `run`, report-dir, junit, html and results, each only
# when the run wrote it (a run refused before its first request writes no report, and
# `doctor` writes none).
set -o pipefail

output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"; fi; }
fail() {
  echo "::error::$1"
  output exit-code 2
  exit 2
}

command="${INPUT_COMMAND:-run}"
case "$command" in run | doctor) ;; *) fail "command must be run or doctor, not \"$command\"" ;; esac

# --- Node -------------------------------------------------------------------------------
recent_enough() {
  local version major minor
  version=$("$1" -p 'process.versions.node' 2>/dev/null) || return 1
  IFS=. read -r major minor _ <<<"$version"
  [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
  [ "$major" -gt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; }
}
node=""
on_path=$(command -v node || true)
if [ -n "$on_path" ] && recent_enough "$on_path"; then
  node="$on_path"
elif [ -n "${RUNNER_TOOL_CACHE:-}" ] && [ -d "$RUNNER_TOOL_CACHE/node" ]; then
  while IFS= read -r candidate; do
    if recent_enough "$candidate"; then
      node="$candidate"
      break
    fi
  done < <(find "$RUNNER_TOOL_CACHE/node" -mindepth 4 -maxdepth 4 -path '*/bin/node' 2>/dev/null | sort -V -r)
fi
if [ -z "$node" ]; then
  found="none on the PATH"
  [ -n "$on_path" ] && found="$on_path is $("$on_path" --version 2>/dev/null || echo 'not runnable')"
  fail "cp-conformance needs Node 20.19 or later: $found, and the runner's tool cache holds none; add actions/setup-node (node-version: 20) before this step"
fi
node_dir=$(dirname "$node")

# --- The package --------------------------------------------------------------------------
action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
version=$("$node" -p 'require(process.argv[1]).version' "$action_path/package.json") || fail "cannot read the version of the action from $action_path/package.json"
package="${INPUT_PACKAGE:-}"
if [ -z "$package" ]; then
  # The release of the action's own version: github.action_repository, which the runner
  # leaves empty in some composite actions, else the path the runner checked it out to.
  repository="${ACTION_REPOSITORY:-${GITHUB_ACTION_REPOSITORY:-}}"
  if [ -z "$repository" ] && [[ $action_path =~ /_actions/([^/]+)/([^/]+)/[^/]+/?$ ]]; then
    repository="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
  fi
  [ -n "$repository" ] || fail "cannot tell which repository the action comes from: give the package input (a tarball npm pack built, or its URL)"
  package="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/cp-conformance-$version.tgz"
elif [ -f "$package" ]; then
  package="$(cd "$(dirname "$package")" && pwd)/$(basename "$package")"
fi
key=$(printf '%s' "$package" | cksum | cut -d' ' -f1)
prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/cp-conformance-$key"
if [ ! -f "$prefix/.installed" ]; then
  echo "::group::Installing cp-conformance from $package"
  # npm runs on the chosen Node too: its directory first on the PATH of this step alone.
  PATH="$node_dir:$PATH" npm install --global --prefix "$prefix" --no-audit --no-fund --no-update-notifier "$package" || {
    echo "::endgroup::"
    fail "could not install cp-conformance from $package"
  }
  touch "$prefix/.installed"
  echo "::endgroup::"
fi
cli=""
for candidate in "$prefix/lib/node_modules/cp-conformance/bin/cp-conformance.js" "$prefix/node_modules/cp-conformance/bin/cp-conformance.js"; do
  if [ -f "$candidate" ]; then cli="$candidate"; fi
done
[ -n "$cli" ] || fail "the installed package in $prefix has no bin/cp-conformance.js"

# --- The command line -----------------------------------------------------------------------
report_dir="${INPUT_REPORT_DIR:-conformance-report}"
args=("$command")
if [ "$command" = run ]; then args+=(--report-dir "$report_dir"); fi
flag() { if [ -n "$2" ]; then args+=("$1" "$2"); fi; }
flag --profile "${INPUT_PROFILE:-}"
flag --seed "${INPUT_SEED:-}"
flag --runs "${INPUT_RUNS:-}"
flag --timeout "${INPUT_TIMEOUT:-}"
flag --concurrency "${INPUT_CONCURRENCY:-}"
flag --max-requests "${INPUT_MAX_REQUESTS:-}"
flag --rerun-failed "${INPUT_RERUN_FAILED:-}"
flag --summary "${INPUT_SUMMARY:-}"
flag --har "${INPUT_HAR:-}"
read -r -a prefixes <<<"${INPUT_ONLY:-}"
for p in "${prefixes[@]}"; do args+=(--only "$p"); done
read -r -a prefixes <<<"${INPUT_SKIP:-}"
for p in "${prefixes[@]}"; do args+=(--skip "$p"); done
switch() {
  case "$2" in
    true) args+=("$1") ;;
    false | '') ;;
    *) fail "${1#--} must be true or false, not \"$2\"" ;;
  esac
}
switch --read-only "${INPUT_READ_ONLY:-}"
switch --strict "${INPUT_STRICT:-}"

# Credentials and the target go in the environment, never on a command line a process list shows.
given=()
variable() {
  if [ -n "$2" ]; then
    export "$1=$2"
    given+=("$1")
  fi
}
variable CP_BASE_URL "${INPUT_BASE_URL:-}"
variable CP_SANDBOX_URL "${INPUT_SANDBOX_URL:-}"
variable CP_TOKEN "${INPUT_TOKEN:-}"
variable CP_MEMBER_TOKEN "${INPUT_MEMBER_TOKEN:-}"
variable CP_NO_SCOPE_TOKEN "${INPUT_NO_SCOPE_TOKEN:-}"
variable CP_OTHER_WORKSPACE_TOKEN "${INPUT_OTHER_WORKSPACE_TOKEN:-}"
variable CP_ACCOUNT_ID "${INPUT_ACCOUNT_ID:-}"
variable CP_SANDBOX_NAME "${INPUT_SANDBOX_NAME:-}"
variable CP_PROCESS_NAME "${INPUT_PROCESS_NAME:-}"
variable CP_PROCESS_PID "${INPUT_PROCESS_PID:-}"
variable CP_CONTROL_URL "${INPUT_CONTROL_URL:-}"
variable CP_EXPECT "${INPUT_EXPECT:-}"
variable CP_RATE_LIMIT "${INPUT_RATE_LIMIT:-}"

installed=$("$node" -p 'require(process.argv[1]).version' "${cli%/bin/cp-conformance.js}/package.json")
echo "cp-conformance $installed, on Node $("$node" --version) ($node)"
printf -v shown ' %q' "${args[@]}"
echo "cp-conformance$shown${given[*]:+ (from the inputs, in the environment: ${given[*]})}"

# --- The run ---------------------------------------------------------------------------------
started="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/cp-conformance-started-$$"
touch "$started"
status=0
if [ "$command" = doctor ]; then
  log="$started.log"
  "$node" "$cli" "${args[@]}" | tee "$log"
  status=${PIPESTATUS[0]}
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { printf '### cp-conformance doctor (exit %s)\n\n```text\n' "$status"; cat "$log"; printf '```\n'; } >>"$GITHUB_STEP_SUMMARY"
  fi
  rm -f "$log"
else
  # The summary goes to $GITHUB_STEP_SUMMARY by the command itself.
  "$node" "$cli" "${args[@]}" || status=$?
fi

output exit-code "$status"
if [ "$command" = run ]; then
  # Only what this run wrote: a report left by an earlier run is no output of this one.
  if [ -d "$report_dir" ]; then output report-dir "$report_dir"; fi
  for pair in junit:junit.xml html:report.html results:results.json; do
    if [ "$report_dir/${pair#*:}" -nt "$started" ]; then output "${pair%%:*}" "$report_dir/${pair#*:}"; fi
  done
fi
rm -f "$started"
exit "$status"
