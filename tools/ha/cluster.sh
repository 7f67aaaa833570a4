#!/usr/bin/env bash
# A PostgreSQL cluster with automatic failover on one machine, for the failover drill (tools/ha/drill.js) and for
# trying the services against one: a pg_auto_failover monitor and two data nodes (primary and standby, synchronous
# replication), each a PostgreSQL of its own on its own port and data directory. Runbook: docs/operations.md.
#
#   tools/ha/cluster.sh up            create (first time) or start the monitor and both nodes; prints the URLs
#   tools/ha/cluster.sh status        the monitor's view: nodes, states, LSNs, sync standby, replication lag
#   tools/ha/cluster.sh env           DATABASE_URL=…, READ_DATABASE_URL=…, MONITOR_URL=…, one per line
#   tools/ha/cluster.sh kill-primary  SIGKILL the current primary: its pg_autoctl keeper and its PostgreSQL, at once
#   tools/ha/cluster.sh rejoin        start the keeper of every node that is not running (a killed primary comes
#                                     back as the new primary's standby)
#   tools/ha/cluster.sh stop          stop everything, keep the data; `up` starts it again
#   tools/ha/cluster.sh down          stop everything and delete HA_DIR
#
# Settings (environment):
#   HA_DIR        where data, configuration and logs go (default /tmp/maco-ha); run as root, it is owned by the user
#                 postgres, which runs the servers (PostgreSQL refuses to run as root)
#   HA_PORT       the monitor's port (default 25432); the nodes take the next two (25433, 25434). Keep them below the
#                 kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 on Linux): a port in it
#                 can be held by any client socket: in a drill on 55432–55434 the killed node could not listen again
#                 when it rejoined ("Address already in use": most likely a client socket had been given 55434)
#   HA_TIMEOUTS   fast (default): failover in 16–18 s — the monitor declares a silent primary unhealthy after 6 s and
#                 waits 10 s for it to demote; the keepers demote a primary cut off from monitor and standby after 5 s
#                 (the demote wait stays above that, so two primaries never take writes). default: pg_auto_failover's
#                 own (20 s, 30 s, 20 s: ~50 s). Applied at creation.
#   HA_PG_BINDIR  PostgreSQL's binaries (default /usr/lib/postgresql/15/bin)
#
# Installs nothing. Needs `pg_autoctl` (apt package pg-auto-failover-cli) and the monitor's extension for the server
# version (postgresql-15-auto-failover). Authentication is `trust` from 127.0.0.1 only and no TLS: a drill set-up, not a
# production one (docs/operations.md says what changes there).
set -euo pipefail

HA_DIR=${HA_DIR:-/tmp/maco-ha}
HA_PORT=${HA_PORT:-25432}
HA_TIMEOUTS=${HA_TIMEOUTS:-fast}
HA_PG_BINDIR=${HA_PG_BINDIR:-/usr/lib/postgresql/15/bin}
MONITOR_PORT=$HA_PORT
NODES=(node1 node2)
declare -A NODE_PORT=([node1]=$((HA_PORT + 1)) [node2]=$((HA_PORT + 2)))
DBNAME=maco
MONITOR_URL="postgres://autoctl_node@127.0.0.1:$MONITOR_PORT/pg_auto_failover?sslmode=disable"

say() { printf '%s\n' "$*" >&2; }
die() { say "cluster.sh: $*"; exit 1; }

# pg_autoctl and psql as the user that owns the cluster, with its configuration and state under HA_DIR (pg_autoctl keeps
# them under the XDG directories, else in the user's home).
as_owner() {
  local env=(env -i "PATH=$HA_PG_BINDIR:/usr/sbin:/usr/bin:/sbin:/bin" "HOME=$HA_DIR" "LANG=C.UTF-8"
    "XDG_CONFIG_HOME=$HA_DIR/xdg/config" "XDG_DATA_HOME=$HA_DIR/xdg/data" "XDG_RUNTIME_DIR=$HA_DIR/xdg/run")
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "${env[@]}" "$@"; else "${env[@]}" "$@"; fi
}
autoctl() { as_owner pg_autoctl "$@"; }
monitor_sql() { as_owner psql -X -q -At -v ON_ERROR_STOP=1 "postgres://postgres@127.0.0.1:$MONITOR_PORT/pg_auto_failover?sslmode=disable" -c "$1"; }

require_tools() {
  command -v pg_autoctl > /dev/null || die "pg_autoctl not found: install it with 'apt-get install -y pg-auto-failover-cli postgresql-15-auto-failover' (Debian/Ubuntu; PostgreSQL's apt repository has it for other versions)"
  [ -x "$HA_PG_BINDIR/pg_ctl" ] || die "no PostgreSQL in $HA_PG_BINDIR: install postgresql-15, or set HA_PG_BINDIR"
  local pkglib
  pkglib=$("$HA_PG_BINDIR/pg_config" --pkglibdir 2> /dev/null || echo "$HA_PG_BINDIR/../lib")
  [ -e "$pkglib/pgautofailover.so" ] || die "the monitor's extension pgautofailover is missing in $pkglib: install it with 'apt-get install -y postgresql-15-auto-failover'"
}

running() { autoctl status --pgdata "$HA_DIR/$1" > /dev/null 2>&1; }

# Starts `pg_autoctl run` for one node in the background, in a session of its own (so kill-primary can take its whole
# process group, keeper and PostgreSQL), logging to HA_DIR/<name>.log.
start_keeper() {
  local name=$1
  running "$name" && return 0
  as_owner setsid bash -c "exec pg_autoctl run --pgdata '$HA_DIR/$name' >> '$HA_DIR/$name.log' 2>&1 < /dev/null" > /dev/null 2>&1 < /dev/null &
  disown || true
}

wait_for() { # seconds, description, command…
  local seconds=$1 what=$2
  shift 2
  for ((i = 0; i < seconds * 2; i++)); do
    if "$@" > /dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  die "timed out after ${seconds}s waiting for $what (logs in $HA_DIR/*.log)"
}

states() { monitor_sql "SELECT string_agg(nodename || '=' || reportedstate || '/' || goalstate, ' ' ORDER BY nodeid) FROM pgautofailover.node"; }
node1_serving() { states | grep -Eq 'node1=(single|primary|wait_primary)/'; }
two_healthy() { states | grep -Eq '^node1=(primary/primary node2=secondary/secondary|secondary/secondary node2=primary/primary)$'; }

# Drill sizing: pg_auto_failover sizes shared_buffers at a quarter of the machine's memory, for each of the three
# servers. postgresql.auto.conf is read last, so this wins; a standby copies it from the primary with its base backup.
size_for_drill() {
  as_owner bash -c "printf '%s\n' \"shared_buffers = '256MB'\" \"effective_cache_size = '1GB'\" \"maintenance_work_mem = '64MB'\" >> '$HA_DIR/$1/postgresql.auto.conf'"
}

# The log files belong to the cluster's owner: its keepers append to them.
log_file() { as_owner touch "$HA_DIR/$1.log"; echo "$HA_DIR/$1.log"; }

create_monitor() {
  log_file monitor > /dev/null
  autoctl create monitor --pgdata "$HA_DIR/monitor" --pgport "$MONITOR_PORT" --pgctl "$HA_PG_BINDIR/pg_ctl" \
    --hostname 127.0.0.1 --auth trust --no-ssl >> "$HA_DIR/monitor.log" 2>&1 || die "creating the monitor failed (see $HA_DIR/monitor.log)"
  autoctl config set --pgdata "$HA_DIR/monitor" postgresql.listen_addresses 127.0.0.1 > /dev/null
  size_for_drill monitor
}

tune_monitor() {
  [ "$HA_TIMEOUTS" = fast ] || return 0
  local setting
  for setting in health_check_period=1000 health_check_timeout=1000 health_check_max_retries=1 health_check_retry_delay=500 \
    node_considered_unhealthy_timeout=6000 primary_demote_timeout=10000; do
    monitor_sql "ALTER SYSTEM SET pgautofailover.${setting%=*} = ${setting#*=}"
  done
  monitor_sql 'SELECT pg_reload_conf()' > /dev/null
}

create_node() {
  local name=$1
  log_file "$name" > /dev/null
  autoctl create postgres --pgdata "$HA_DIR/$name" --pgport "${NODE_PORT[$name]}" --pgctl "$HA_PG_BINDIR/pg_ctl" \
    --listen 127.0.0.1 --hostname 127.0.0.1 --name "$name" --dbname "$DBNAME" --auth trust --no-ssl \
    --monitor "$MONITOR_URL" >> "$HA_DIR/$name.log" 2>&1 || die "creating $name failed (see $HA_DIR/$name.log)"
  [ "$HA_TIMEOUTS" = fast ] && autoctl config set --pgdata "$HA_DIR/$name" timeout.network_partition_timeout 5 > /dev/null
  # The first node's settings reach the second with its base backup.
  [ "$name" = node1 ] && size_for_drill "$name"
  return 0
}

print_env() {
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:${NODE_PORT[node1]},127.0.0.1:${NODE_PORT[node2]}/$DBNAME?target_session_attrs=read-write"
  echo "READ_DATABASE_URL=postgres://postgres@127.0.0.1:${NODE_PORT[node1]},127.0.0.1:${NODE_PORT[node2]}/$DBNAME"
  echo "MONITOR_URL=$MONITOR_URL"
  echo "HA_DIR=$HA_DIR"
}

cmd_up() {
  require_tools
  if [ ! -e "$HA_DIR/.maco-ha" ]; then
    [ -e "$HA_DIR" ] && [ -n "$(ls -A "$HA_DIR")" ] && die "$HA_DIR exists and is not a cluster of this script: choose another HA_DIR"
    local left
    left=$(cluster_pids)
    [ -z "$left" ] || die "processes of an earlier cluster in $HA_DIR still run (pids $(echo $left)): stop them first ('cluster.sh stop' does)"
    mkdir -p "$HA_DIR/xdg/config" "$HA_DIR/xdg/data" "$HA_DIR/xdg/run"
    chmod 0700 "$HA_DIR/xdg/run"
    echo "timeouts=$HA_TIMEOUTS port=$HA_PORT" > "$HA_DIR/.maco-ha"
    [ "$(id -u)" = 0 ] && chown -R postgres: "$HA_DIR"
    say "creating the monitor on 127.0.0.1:$MONITOR_PORT ($HA_DIR/monitor)"
    create_monitor
  fi
  start_keeper monitor
  wait_for 60 "the monitor" monitor_sql 'SELECT 1'
  tune_monitor
  for name in "${NODES[@]}"; do
    if [ ! -e "$HA_DIR/$name/PG_VERSION" ] || ! grep -q '^\[pg_autoctl\]' "$HA_DIR/xdg/config/pg_autoctl$HA_DIR/$name/pg_autoctl.cfg" 2> /dev/null; then
      say "creating $name on 127.0.0.1:${NODE_PORT[$name]} ($HA_DIR/$name)"
      create_node "$name"
    fi
    start_keeper "$name"
    # The second node's base backup needs the first one serving.
    [ "$name" = node1 ] && wait_for 120 "node1 to serve as primary" node1_serving
  done
  wait_for 180 "a primary and a synchronous standby" two_healthy
  cmd_status
  say ""
  print_env
}

cmd_status() {
  autoctl show state --pgdata "$HA_DIR/monitor"
  echo
  autoctl show settings --pgdata "$HA_DIR/monitor"
  echo
  # The primary's view of its standbys: sync_state quorum/sync = a commit waits for it; the lags are how far behind it is.
  local primary
  primary=$(monitor_sql "SELECT nodeport FROM pgautofailover.node WHERE reportedstate IN ('primary', 'wait_primary', 'single') ORDER BY nodeid LIMIT 1" || true)
  if [ -n "$primary" ]; then
    echo "replication seen from the primary (127.0.0.1:$primary):"
    as_owner psql -X -P footer=off "postgres://postgres@127.0.0.1:$primary/$DBNAME?sslmode=disable" -c \
      "SELECT application_name, state, sync_state, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) AS replay_lag_bytes,
              write_lag, flush_lag, replay_lag, current_setting('synchronous_standby_names') AS synchronous_standby_names
         FROM pg_stat_replication"
  fi
}

# The drill's "stop the primary hard": the node's keeper and its PostgreSQL (postmaster and every backend) get SIGKILL
# at the same moment, as in a crash of the machine (except that the kernel still closes the TCP connections at once).
# Killing PostgreSQL alone would not do: its keeper would restart it as the primary within a second.
cmd_kill_primary() {
  local name pidfile pid pm
  name=$(monitor_sql "SELECT nodename FROM pgautofailover.node WHERE reportedstate IN ('primary', 'wait_primary', 'single') AND goalstate IN ('primary', 'wait_primary', 'single') ORDER BY nodeid LIMIT 1")
  [ -n "$name" ] || die "no primary to kill: $(states)"
  pidfile=$(autoctl show file --pid --pgdata "$HA_DIR/$name")
  pid=$(as_owner head -1 "$pidfile")
  pm=$(as_owner head -1 "$HA_DIR/$name/postmaster.pid" 2> /dev/null || true)
  # The keeper was started with setsid: its process group holds the keeper's services and PostgreSQL.
  local at
  at=$(date -u +%FT%T.%3NZ)
  kill -KILL -- "-$pid" ${pm:+"$pm"} 2> /dev/null || true
  echo "killed $name (127.0.0.1:${NODE_PORT[$name]}): keeper process group $pid${pm:+, postmaster $pm} at $at"
}

cmd_rejoin() {
  require_tools
  for name in monitor "${NODES[@]}"; do
    running "$name" || { say "starting $name"; start_keeper "$name"; }
  done
}

# The processes of this cluster, whatever they call themselves now (pg_autoctl renames its services, and a service can
# outlive its supervisor): every process whose environment carries this cluster's XDG_RUNTIME_DIR (as_owner sets it,
# PostgreSQL inherits it).
cluster_pids() {
  local marker="XDG_RUNTIME_DIR=$HA_DIR/xdg/run" environ
  for environ in /proc/[0-9]*/environ; do
    if { tr '\0' '\n' < "$environ"; } 2> /dev/null | grep -qxF "$marker"; then
      environ=${environ#/proc/}
      echo "${environ%/environ}"
    fi
  done
}

cmd_stop() {
  for name in node2 node1 monitor; do
    [ -e "$HA_DIR/$name" ] || continue
    running "$name" || continue
    autoctl stop --pgdata "$HA_DIR/$name" > /dev/null 2>&1 || true
  done
  for name in node2 node1 monitor; do
    for ((i = 0; i < 40; i++)); do running "$name" || break; sleep 0.5; done
    if running "$name"; then autoctl stop --immediate --pgdata "$HA_DIR/$name" > /dev/null 2>&1 || true; fi
  done
  # What pg_autoctl did not stop (seen: the postgres service of a keeper that had failed, which started PostgreSQL
  # again later): SIGTERM, then SIGKILL, each by its pid.
  local left
  left=$(cluster_pids)
  if [ -n "$left" ]; then
    say "stopping what is left of the cluster: pids $(echo $left)"
    kill -TERM $left 2> /dev/null || true
    for ((i = 0; i < 20; i++)); do [ -z "$(cluster_pids)" ] && break; sleep 0.5; done
    left=$(cluster_pids)
    [ -z "$left" ] || kill -KILL $left 2> /dev/null || true
  fi
}

cmd_down() {
  [ -e "$HA_DIR" ] || { say "nothing at $HA_DIR"; return 0; }
  [ -e "$HA_DIR/.maco-ha" ] || die "$HA_DIR is not a cluster of this script: not touching it"
  cmd_stop
  rm -rf "$HA_DIR"
  say "removed $HA_DIR"
}

case "${1:-}" in
  up) cmd_up ;;
  status) cmd_status ;;
  env) print_env ;;
  kill-primary) cmd_kill_primary ;;
  rejoin) cmd_rejoin ;;
  stop) cmd_stop ;;
  down) cmd_down ;;
  *) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
