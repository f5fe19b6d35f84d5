# Written by gen_nnef_run.py: the indices of the 5 largest outputs, largest first.
set(nnef_run_top5 6 3 0 4 8)
