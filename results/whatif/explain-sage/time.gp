# explain-sage: sage run time. Regenerate with: gnuplot time.gp
set datafile separator ','
set grid
set key outside right top
set xlabel 'MPI processes'
set ylabel 'run time (s)'
set title 'explain-sage: sage run time'
set xrange [32:97]
set yrange [-0.0887:1.8627]
set xzeroaxis lt -1
set datafile missing ''
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'time.'.fmt
  plot 'time.csv' using 1:2:3 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.csv' using 1:4:5 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.csv' using 1:6:7 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=on_completion, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.csv' using 1:8:9 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=on_completion, sage.variability=0, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.csv' using 1:10:11 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.csv' using 1:12:13 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.csv' using 1:14:15 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.csv' using 1:16:17 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, bcs (95 % CI)', 'time.csv' using 1:18:19 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=2.8us, quadrics (95 % CI)', 'time.csv' using 1:20:21 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=slice_boundary, sage.variability=0, noise.preset=none, quadrics.host_overhead=2.8us, bcs (95 % CI)', 'time.csv' using 1:22:23 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=on_completion, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, quadrics (95 % CI)', 'time.csv' using 1:24:25 skip 1 with yerrorlines lw 2 pt 7 title 'bcs.runtime.restart=on_completion, sage.variability=0.0264, noise.preset=none, quadrics.host_overhead=560ns, bcs (95 % CI)'
}
