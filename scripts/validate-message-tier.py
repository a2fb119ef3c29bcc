#!/usr/bin/env python3
"""The message-level tier against the stages (issue 47 part 2; docs/model.md, the message-level tier).

Re-runs every point of a shipped study that runs on a backend with a message-level tier, each alone with
platform.fidelity = message, and compares every figure of its runs.csv rows with the committed (stage-level) rows
of the same point: the largest relative difference per study and backend, with where it is. Writes the table CSV
(default docs/src/message-tier.csv) that docs/validation.md shows. A compare study (results/.../slowdowns.csv) run
on both MPIs also gets its slowdowns' largest move, in points (default docs/src/message-tier-slowdowns.csv).

  scripts/validate-message-tier.py [--jobs N] [--out CSV] [--slowdowns-out CSV] [--backend A,B] SCENARIO...
SCENARIO: a path under scenarios/ as scenarios/digests.csv writes it (scheduling/balanced.json). BCSSIM=binary.
"""
import argparse
import concurrent.futures
import copy
import csv
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.environ.get('BCSSIM', os.path.join(ROOT, 'build/release/bcssim'))
# Kinds whose runs pass MPI messages (the others have nothing a message tier changes).
MPI_KINDS = {'app', 'workload', 'mpi_microbench'}


def set_path(doc, path, value):
    keys = path.split('.')
    for k in keys[:-1]:
        doc = doc.setdefault(k, {})
    doc[keys[-1]] = value


def same(cell, value):
    """Whether a points.csv coordinate is the sweep value `value`."""
    if isinstance(value, bool):
        return cell == ('true' if value else 'false')
    if isinstance(value, (int, float)):
        try:
            return float(cell) == float(value)
        except ValueError:
            return False
    if isinstance(value, str):
        return cell == value
    try:  # a list or an object: points.csv writes it as compact JSON
        return json.loads(cell) == value
    except ValueError:
        return False


def single_points(scenario, points, backend):
    """(point, scenario document) for each point of the study that runs on `backend`."""
    sweep = scenario.get('sweep', {})
    out = []
    for row in points:
        mpi = row.get('mpi', scenario.get('mpi', 'quadrics'))  # the scenario's default MPI
        if mpi != backend:
            continue
        doc = copy.deepcopy(scenario)
        doc.pop('sweep', None)
        doc['compare'] = False
        doc['mpi'] = backend
        for axis, values in sweep.items():
            names = [n.strip() for n in axis.split('+')]
            for v in values:
                vs = v if len(names) > 1 else [v]
                if all(same(row[n], x) for n, x in zip(names, vs)):
                    for n, x in zip(names, vs):
                        set_path(doc, n, x)
                    break
            else:
                sys.exit(f'validate-message-tier: point {row["point"]}: no value of sweep axis "{axis}" matches')
        set_path(doc, 'platform.fidelity', 'message')
        out.append((int(row['point']), doc))
    return out


def run_point(doc, folder):
    path = os.path.join(folder, 'scenario.json')
    with open(path, 'w') as f:
        json.dump(doc, f)
    r = subprocess.run([EXE, 'run', path, '--out', os.path.join(folder, 'out'), '--force', '-q'], cwd=ROOT,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f'validate-message-tier: {r.stderr.strip()}')
    with open(os.path.join(folder, 'out', 'runs.csv')) as f:
        return list(csv.DictReader(f))


def figure(cell):
    """A measured figure (a number written with a decimal point), else None."""
    if cell is None or '.' not in cell:
        return None
    try:
        return float(cell)
    except ValueError:
        return None


def write(path, rows, fields):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator='\n')
        w.writeheader()
        w.writerows(rows)


FIGURE_FIELDS = ['scenario', 'mpi', 'points', 'figure', 'point', 'stages', 'message', 'difference_pct']
SLOWDOWN_FIELDS = ['scenario', 'pairs', 'at', 'stages_pct', 'message_pct', 'difference_points']


def largest_difference(name, committed, new_by_point):
    """(relative difference, column, point, stages cell, message cell) of the figure furthest from the stages'."""
    worst = (0.0, '', -1, '', '')
    for point, new in sorted(new_by_point.items()):
        old = [r for r in committed if r.get('point', '0') == str(point)]
        if len(old) != len(new):
            sys.exit(f'validate-message-tier: {name} point {point}: {len(old)} committed rows, {len(new)} new')
        for o, n in zip(old, new):
            for col, cell in o.items():
                x, y = figure(cell), figure(n.get(col))
                if x is None or y is None or (x == 0 and y == 0):
                    continue  # not a figure, or one both tiers leave at zero (a submission instant)
                d = abs(y - x) / abs(x) if x != 0 else (0.0 if y == 0 else float('inf'))
                if d > worst[0] or worst[2] < 0:
                    worst = (d, col, point, cell, n[col])
    return worst


# slowdowns.csv's columns that are not the pair's sweep coordinates
SLOWDOWN_CSV_FIGURES = {'point_quadrics', 'point_bcs', 'time_quadrics_s', 'time_bcs_s', 'slowdown'}


def largest_slowdown_difference(slowdowns, new_by_point):
    """The compare pair whose slowdown (BCS-MPI's time over the baseline's, less 1) moved most, in points."""
    worst = None
    for row in slowdowns:
        q, b = int(row['point_quadrics']), int(row['point_bcs'])
        old = float(row['time_bcs_s']) / float(row['time_quadrics_s']) - 1
        new = float(new_by_point[b][0]['time_s']) / float(new_by_point[q][0]['time_s']) - 1
        d = 100 * (new - old)
        if worst is None or abs(d) > abs(worst[0]):
            at = ' '.join(f'{k}={v}' for k, v in row.items() if k not in SLOWDOWN_CSV_FIGURES)
            worst = (d, at, old, new)
    return {'pairs': len(slowdowns), 'at': worst[1], 'stages_pct': f'{100 * worst[2]:.2f}',
            'message_pct': f'{100 * worst[3]:.2f}', 'difference_points': f'{worst[0]:.3f}'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--jobs', type=int, default=os.cpu_count())
    ap.add_argument('--out', default=os.path.join(ROOT, 'docs/src/message-tier.csv'))
    ap.add_argument('--slowdowns-out', default=os.path.join(ROOT, 'docs/src/message-tier-slowdowns.csv'),
                    help='where a compare study\'s largest slowdown difference goes (both backends run)')
    ap.add_argument('--backend', default='quadrics,bcs', help='comma-separated backends whose points to re-run')
    ap.add_argument('scenarios', nargs='+')
    a = ap.parse_args()
    backends = a.backend.split(',')
    rows, slowdown_rows = [], []
    for name in a.scenarios:
        with open(os.path.join(ROOT, 'scenarios', name)) as f:
            scenario = json.load(f)
        if scenario.get('kind') not in MPI_KINDS:
            continue
        results = os.path.join(ROOT, 'results', name[:-len('.json')])
        points_csv = os.path.join(results, 'points.csv')
        if os.path.exists(points_csv):
            with open(points_csv) as f:
                points = list(csv.DictReader(f))
        else:
            points = [{'point': '0'}]
        if not os.path.exists(os.path.join(results, 'runs.csv')):
            sys.exit(f'validate-message-tier: {name}: no committed results/{name[:-len(".json")]}/runs.csv to '
                     'compare with (run and commit the study first)')
        with open(os.path.join(results, 'runs.csv')) as f:
            committed = list(csv.DictReader(f))
        jobs = {b: single_points(scenario, points, b) for b in backends}
        new_by_point = {}
        with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            futures = {}
            for b in backends:
                for point, doc in jobs[b]:
                    folder = os.path.join(tmp, str(point))
                    os.makedirs(folder)
                    futures[point] = pool.submit(run_point, doc, folder)
            for point, fut in sorted(futures.items()):
                new_by_point[point] = fut.result()
        for b in backends:
            if not jobs[b]:
                continue
            mine = {p: new_by_point[p] for p, _ in jobs[b]}
            worst = largest_difference(name, committed, mine)
            rows.append({'scenario': name, 'mpi': b, 'points': len(jobs[b]), 'figure': worst[1], 'point': worst[2],
                         'stages': worst[3], 'message': worst[4], 'difference_pct': f'{100 * worst[0]:.3f}'})
            print(f'{name} ({b}): {len(jobs[b])} points, largest difference {100 * worst[0]:.3f} % ({worst[1]}, '
                  f'point {worst[2]}: {worst[3]} -> {worst[4]})', flush=True)
        slowdowns_csv = os.path.join(results, 'slowdowns.csv')
        if {'quadrics', 'bcs'} <= set(backends) and os.path.exists(slowdowns_csv):
            with open(slowdowns_csv) as f:
                row = largest_slowdown_difference(list(csv.DictReader(f)), new_by_point)
            slowdown_rows.append({'scenario': name, **row})
            print(f'{name}: slowdown moved at most {row["difference_points"]} points (at {row["at"]}: '
                  f'{row["stages_pct"]} -> {row["message_pct"]} %)', flush=True)
        # After each study: an interrupted run keeps what it measured.
        write(a.out, rows, FIGURE_FIELDS)
        if slowdown_rows:
            write(a.slowdowns_out, slowdown_rows, SLOWDOWN_FIELDS)


if __name__ == '__main__':
    main()
