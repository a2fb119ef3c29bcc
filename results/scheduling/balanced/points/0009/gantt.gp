# balanced: scheduler.algorithm=bcs mpi=bcs synthetic.pattern=ring_nonblocking: 2 jobs under bcs (first 250ms): which job holds each PE over time. Regenerate with: gnuplot gantt.gp
set datafile separator ','
set grid x
set key outside right top
set xlabel 'time (s)'
set title 'balanced: scheduler.algorithm=bcs mpi=bcs synthetic.pattern=ring_nonblocking: 2 jobs' . "\n" . 'under bcs (first 250ms)'
set yrange [-0.6:3.6]
set ytics ('node 0 PE 0' 0, 'node 0 PE 1' 1, 'node 1 PE 0' 2, 'node 1 PE 1' 3)
set xrange [0:*]
array C[20] = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,360 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,360 noenhanced font 'Helvetica,11' }
  set output 'gantt.'.fmt
  plot 'gantt.csv' using (($5+$6)/2):1:(($6-$5)/2):(0.4):(C[int($4) % 20 + 1]) skip 1 with boxxyerror fs solid 0.6 lc rgb variable notitle, \
       '' using (($5+$6)/2):1:(($6-$5) > 0.020000000 ? sprintf('job %d', $4) : '') skip 1 with labels notitle, \
       NaN with boxes fs solid 0.6 lc rgb C[1] title 'job 0', \
       NaN with boxes fs solid 0.6 lc rgb C[2] title 'job 1'
}
