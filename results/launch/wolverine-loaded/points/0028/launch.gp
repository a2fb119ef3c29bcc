# One launch. Regenerate with: gnuplot launch.gp
set datafile separator ','
set grid
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1600,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1600,500 noenhanced font 'Helvetica,11' }
  set output 'launch.'.fmt
  set multiplot layout 1,1 title 'wolverine-loaded: launch.binary_size=8MB launch.load=cpu launch.nodes=1: 8MB on 1 node x 4 PEs, cpu load'
  set xlabel 'node'
  set ylabel 'time since the job arrived (ms)'
  set key outside right center vertical
  set yrange [0:*]
  set offsets 0, 0, graph 0.1, 0
  set xtics 1
  set xrange [-0.5:0.5]
  set title 'Per node'
  plot 'nodes.csv' using 1:3 skip 1 with points pt 5 ps 0.5 title 'launch command', 'nodes.csv' using 1:4 skip 1 with points pt 9 ps 0.5 title 'processes ended'
  unset key
  unset multiplot
}
