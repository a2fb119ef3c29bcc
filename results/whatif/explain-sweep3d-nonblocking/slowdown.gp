# explain-sweep3d-nonblocking: sweep3d slowdown of BCS-MPI over Quadrics MPI. Regenerate with: gnuplot slowdown.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set key below left vertical Left reverse maxcols 1 samplen 2 width -40
set xlabel 'MPI processes'
set ylabel 'slowdown T_bcs / T_quadrics - 1 (%)'
set title 'explain-sweep3d-nonblocking: sweep3d slowdown of BCS-MPI over Quadrics MPI'
set xrange [32:97]
set yrange [-1.1424:23.9910]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1129,568 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1129,568 noenhanced font 'Helvetica,11' }
  set output 'slowdown.'.fmt
  plot 'slowdown.dat' index 0 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 1 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0, noise.preset=none, quadrics.host_overhead=560ns (95 % CI)', 'slowdown.dat' index 1 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 2 title 'bcs.runtime.restart=on_completion, sweep3d.variability=0, noise.preset=none, quadrics.host_overhead=560ns (95 % CI)', 'slowdown.dat' index 2 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 3 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0.0714, noise.preset=none, quadrics.host_overhead=560ns (95 % CI)', 'slowdown.dat' index 3 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 4 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns (95 % CI)', 'slowdown.dat' index 4 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 5 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0, noise.preset=none, quadrics.host_overhead=2.8us (95 % CI)', 'slowdown.dat' index 5 using 1:($2*100):($3*100) with yerrorlines lw 2 pt 7 lc 6 title 'bcs.runtime.restart=on_completion, sweep3d.variability=0.0714, noise.preset=none, quadrics.host_overhead=560ns (95 % CI)'
}
