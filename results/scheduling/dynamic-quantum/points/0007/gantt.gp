# dynamic-quantum: platform.preset=accelerando scheduler.quantum=1s: 1000 jobs under gs (first 10s): which job holds each PE over time. Regenerate with: gnuplot gantt.gp
set datafile separator ','
set grid x
set key outside right top
set xlabel 'time (s)'
set title 'dynamic-quantum: platform.preset=accelerando scheduler.quantum=1s: 1000 jobs under' . "\n" . 'gs (first 10s)'
set yrange [-0.6:31.6]
set ytics ('node 0 PE 0' 0, 'node 0 PE 1' 1, 'node 1 PE 0' 2, 'node 1 PE 1' 3, 'node 2 PE 0' 4, 'node 2 PE 1' 5, 'node 3 PE 0' 6, 'node 3 PE 1' 7, 'node 4 PE 0' 8, 'node 4 PE 1' 9, 'node 5 PE 0' 10, 'node 5 PE 1' 11, 'node 6 PE 0' 12, 'node 6 PE 1' 13, 'node 7 PE 0' 14, 'node 7 PE 1' 15, 'node 8 PE 0' 16, 'node 8 PE 1' 17, 'node 9 PE 0' 18, 'node 9 PE 1' 19, 'node 10 PE 0' 20, 'node 10 PE 1' 21, 'node 11 PE 0' 22, 'node 11 PE 1' 23, 'node 12 PE 0' 24, 'node 12 PE 1' 25, 'node 13 PE 0' 26, 'node 13 PE 1' 27, 'node 14 PE 0' 28, 'node 14 PE 1' 29, 'node 15 PE 0' 30, 'node 15 PE 1' 31)
set xrange [0:*]
array C[20] = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,1480 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,1480 noenhanced font 'Helvetica,11' }
  set output 'gantt.'.fmt
  plot 'gantt.csv' using (($5+$6)/2):1:(($6-$5)/2):(0.4):(C[int($4) % 20 + 1]) skip 1 with boxxyerror fs solid 0.6 lc rgb variable notitle, \
       '' using (($5+$6)/2):1:(($6-$5) > 0.748464009 ? sprintf('job %d', $4) : '') skip 1 with labels notitle, \
       NaN with boxes fs solid 0.6 lc rgb C[1] title 'job 0', \
       NaN with boxes fs solid 0.6 lc rgb C[2] title 'job 1', \
       NaN with boxes fs solid 0.6 lc rgb C[3] title 'job 2', \
       NaN with boxes fs solid 0.6 lc rgb C[4] title 'job 3', \
       NaN with boxes fs solid 0.6 lc rgb C[5] title 'job 4', \
       NaN with boxes fs solid 0.6 lc rgb C[6] title 'job 5', \
       NaN with boxes fs solid 0.6 lc rgb C[7] title 'job 6'
}
