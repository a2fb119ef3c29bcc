# explain-sweep3d-ordered: sweep3d slowed by noise.preset. Regenerate with: gnuplot noise.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set key below left vertical Left reverse maxcols 1 samplen 2 width -40
set xlabel 'MPI processes'
set ylabel 'slowdown by noise T / T(noise.preset=none) - 1 (%)'
set title 'explain-sweep3d-ordered: sweep3d slowed by noise.preset'
set xrange [32:97]
set yrange [-0.6193:13.0053]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1102,496 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1102,496 noenhanced font 'Helvetica,11' }
  set output 'noise.'.fmt
  plot 'noise.dat' index 0 using 1:($2*100) with linespoints lw 2 pt 7 lc 1 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, quadrics', 'noise.dat' index 1 using 1:($2*100) with linespoints lw 2 pt 7 lc 2 title 'bcs.runtime.restart=slice_boundary, sweep3d.variability=0, noise.preset=daemon, quadrics.host_overhead=560ns, bcs'
}
