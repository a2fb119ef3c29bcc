# One launch. Regenerate with: gnuplot launch.gp
set datafile separator ','
set grid
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1600,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1600,500 noenhanced font 'Helvetica,11' }
  set output 'launch.'.fmt
  set multiplot layout 1,2 title 'scaling-asci-q: platform.nodes=4096: 12MB on 4096 nodes x 4 PEs, unloaded'
  set xlabel 'node'
  set ylabel 'time since the job arrived (ms)'
  set key outside right center vertical
  set yrange [0:*]
  set offsets 0, 0, graph 0.1, 0
  set xrange [-0.5:4095.5]
  set title 'Per node (every 4th)'
  plot 'nodes.csv' using 1:3 skip 1 every 4 with points pt 5 ps 0.5 title 'launch command', 'nodes.csv' using 1:2 skip 1 every 4 with points pt 6 ps 1.1 title 'binary written', 'nodes.csv' using 1:4 skip 1 every 4 with points pt 9 ps 0.5 title 'processes ended'
  unset key
  set key outside right center vertical
  set title 'Pipeline of the sender (node 0) and of receiver node 1'
  set xlabel 'time (ms)'
  set autoscale x
  set xtics autofreq
  set ylabel 'chunk'
  set offsets 0, 0, 0, 0
  set yrange [-0.5:*]
  stage(name, node) = (strcol(1) eq name && $3 == node) ? $4 : 1/0
  plot 'stages.csv' using (stage('read', 0)):($2-0.3):($5-$4):(0) skip 1 with vectors nohead lw 4 lc rgb '#1f77b4' title 'read', 'stages.csv' using (stage('tlb', 0)):($2-0.1):($5-$4):(0) skip 1 with vectors nohead lw 4 lc rgb '#ff7f0e' title 'TLB service', 'stages.csv' using (stage('send', 0)):($2+0.1):($5-$4):(0) skip 1 with vectors nohead lw 4 lc rgb '#2ca02c' title 'multicast', 'stages.csv' using (stage('write', 1)):($2+0.3):($5-$4):(0) skip 1 with vectors nohead lw 4 lc rgb '#d62728' title 'write (node 1)'
  unset multiplot
}
