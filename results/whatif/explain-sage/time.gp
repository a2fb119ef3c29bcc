# explain-sage: sage run time. Regenerate with: gnuplot time.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set key below left vertical Left reverse maxcols 1 samplen 2 width -40
set xlabel 'MPI processes'
set ylabel 'run time (s)'
set title 'explain-sage: sage run time'
set xrange [32:97]
set yrange [-0.0886:1.8597]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1192,676 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1192,676 noenhanced font 'Helvetica,11' }
  set output 'time.'.fmt
  plot 'time.dat' index 0 using 1:2:3 with yerrorlines lw 2 pt 7 lc 1 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.dat' index 1 using 1:2:3 with yerrorlines lw 2 pt 7 lc 2 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.dat' index 2 using 1:2:3 with yerrorlines lw 2 pt 7 lc 3 title 'bcs.runtime.restart=on_completion, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.dat' index 3 using 1:2:3 with yerrorlines lw 2 pt 7 lc 4 title 'bcs.runtime.restart=on_completion, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.dat' index 4 using 1:2:3 with yerrorlines lw 2 pt 7 lc 5 title 'bcs.runtime.restart=slice_boundary, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.dat' index 5 using 1:2:3 with yerrorlines lw 2 pt 7 lc 6 title 'bcs.runtime.restart=slice_boundary, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.dat' index 6 using 1:2:3 with yerrorlines lw 2 pt 7 lc 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.dat' index 7 using 1:2:3 with yerrorlines lw 2 pt 7 lc 8 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.dat' index 8 using 1:2:3 with yerrorlines lw 2 pt 7 lc 9 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=2.8us, quadrics (95 % CI)', 'time.dat' index 9 using 1:2:3 with yerrorlines lw 2 pt 7 lc 10 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=2.8us, bcs (95 % CI)', 'time.dat' index 10 using 1:2:3 with yerrorlines lw 2 pt 7 lc 11 title 'bcs.runtime.restart=on_completion, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.dat' index 11 using 1:2:3 with yerrorlines lw 2 pt 7 lc 12 title 'bcs.runtime.restart=on_completion, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)'
}
