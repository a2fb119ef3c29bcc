# EMDS counts of node 5 per slice (000 Figures 5.4-5.5). Regenerate with: gnuplot emds_node.gp
set datafile separator ','
set grid
set key outside top center horizontal width 4
set xrange [4000:4199]
set xlabel 'time slice'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,600 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,600 noenhanced font 'Helvetica,11' }
  set output 'emds_node.'.fmt
  set multiplot layout 2,1 title 'EMDS: node 5, operations per slice'
  set ylabel 'point-to-point'
  set yrange [0:1.1]
  plot 'emds_node.csv' using 1:2 skip 1 with impulses lw 3 title 'NP2PDEM', '' using ($1+0.3):3 skip 1 with impulses lw 3 title 'NP2PMSM'
  set ylabel 'collectives'
  set yrange [0:1.1]
  plot 'emds_node.csv' using 1:4 skip 1 with impulses lw 3 title 'NCOLLDEM', '' using ($1+0.3):5 skip 1 with impulses lw 3 title 'NCOLLMSM'
  unset multiplot
}
