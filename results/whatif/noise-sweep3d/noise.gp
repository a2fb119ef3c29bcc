# noise-sweep3d: sweep3d slowed by noise.preset. Regenerate with: gnuplot noise.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set xlabel 'platform.nodes'
set ylabel 'slowdown by noise T / T(noise.preset=none) - 1 (%)'
set title 'noise-sweep3d: sweep3d slowed by noise.preset'
set logscale x 2
set yrange [-1.8957:39.8099]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'noise.'.fmt
  plot 'noise.dat' index 0 using 1:($2*100) with linespoints lw 2 pt 7 lc 1 title 'noise.preset=daemon, quadrics', 'noise.dat' index 1 using 1:($2*100) with linespoints lw 2 pt 7 lc 2 title 'noise.preset=daemon, bcs'
}
