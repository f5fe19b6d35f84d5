# cli_models.cmake — the command line on models of every front end (ONNX, NNVM, NNEF archives,
# .npz inputs) and the Python checks against PyTorch, included by tests/CMakeLists.txt only
# when the library is built with all of them (NNX_WITH_ONNX, NNX_WITH_NNVM, NNX_WITH_ARCHIVE);
# nnx_onnx_cli runs `nnx ARGS...` and checks its exit code and output.
# `nnx` on .onnx files (models from tests/data/onnx/gen_models.py): info, check (the
# unsupported operators all at once, exit 3), dot, run against numpy, and convert to NNEF
# with both runs giving the same bytes.
set(onnx_data ${PROJECT_SOURCE_DIR}/tests/data/onnx)
set(onnx_out ${CMAKE_CURRENT_BINARY_DIR}/onnx-cli)
file(MAKE_DIRECTORY ${onnx_out}) # nnx convert writes into it and does not create parents
function(nnx_onnx_cli name exit)
  cmake_parse_arguments(A "" "STDOUT;STDERR" "ARGS" ${ARGN})
  set(checks -DEXIT=${exit})
  if(DEFINED A_STDOUT)
    list(APPEND checks "-DSTDOUT=${A_STDOUT}")
  endif()
  if(DEFINED A_STDERR)
    list(APPEND checks "-DSTDERR=${A_STDERR}")
  endif()
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} ${checks} -P ${PROJECT_SOURCE_DIR}/tools/nnx/expect.cmake --
           $<TARGET_FILE:nnx-cli> ${A_ARGS})
  set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()
nnx_onnx_cli(nnx_cli_onnx_info 0
  STDOUT "inputs:\n  x +float32 +\\[1,4\\]\noutputs:\n  y +float32 +\\[1,4\\]\noperations: 2\n  Add +1\n  Relu +1\nparameters: 4 "
  ARGS info ${onnx_data}/relu_add.onnx)
nnx_onnx_cli(nnx_cli_onnx_check 0 STDOUT "conv_pool.onnx: valid \\(3 operations" ARGS check ${onnx_data}/conv_pool.onnx)
# Operations nnx cannot run (issue 26): check lists every one (exit 3), check --structure
# accepts the model listing them, info marks and lists them (an output after one is "?"),
# dot draws them dashed; run still refuses naming the operators.
nnx_onnx_cli(nnx_cli_onnx_check_unsupported 3
  STDERR "unsupported.onnx: error: 3 unsupported operations \\(nnx check --structure checks the rest\\):\n  node 'a' \\(ImageDecoder\\): unknown operator \\(opset 13\\)\n  node 'y' \\(StringSplit\\): not supported at opset 13 \\(nnx reads it from opset 20\\)\n  node 'z' \\(ImageDecoder\\): unknown operator \\(opset 13\\)\n$"
  ARGS check ${onnx_data}/unsupported.onnx)
nnx_onnx_cli(nnx_cli_onnx_check_structure_unsupported 0
  STDOUT "unsupported.onnx: valid structure \\(4 operations, 1 inputs, 1 outputs\\); 3 unsupported operations: ImageDecoder \\(node 'a'\\), StringSplit \\(node 'y'\\), ImageDecoder \\(node 'z'\\)\n$"
  ARGS check --structure ${onnx_data}/unsupported.onnx)
nnx_onnx_cli(nnx_cli_onnx_check_structure_supported 0 STDOUT "conv_pool.onnx: valid \\(3 operations"
  ARGS check --structure ${onnx_data}/conv_pool.onnx)
nnx_onnx_cli(nnx_cli_onnx_info_unsupported 0
  STDOUT "outputs:\n  z +float32 +\\?\noperations: 4\n  ImageDecoder +2 \\(unsupported\\)\n  Relu +1\n  StringSplit +1 \\(unsupported\\)\nunsupported: 3\n  node 'a' \\(ImageDecoder\\): unknown operator \\(opset 13\\)\n  node 'y' \\(StringSplit\\): not supported at opset 13 \\(nnx reads it from opset 20\\)\n  node 'z' \\(ImageDecoder\\): unknown operator \\(opset 13\\)\nparameters: 0 "
  ARGS info ${onnx_data}/unsupported.onnx)
nnx_onnx_cli(nnx_cli_onnx_dot_unsupported 0
  STDOUT "  n0 \\[label=\"ImageDecoder\\\\nunsupported\", style=dashed, color=red, fontcolor=red\\];\n  n1 \\[label=\"Relu\"\\];\n.*  in0 -> n0 \\[label=\"x\\\\n\\[1,4\\]\"\\];\n  n0 -> n1 \\[label=\"a\\\\n\\?\"\\];"
  ARGS dot ${onnx_data}/unsupported.onnx)
nnx_onnx_cli(nnx_cli_onnx_run_unsupported 3
  STDERR "unsupported.onnx: error: unsupported operators: ImageDecoder \\(opset 13\\), StringSplit \\(opset 13\\)\n"
  ARGS run ${onnx_data}/unsupported.onnx --random-inputs 1)
# dot draws the ONNX graph itself: a box per ONNX node (its op_type; these nodes have no
# names), the weights as notes, each edge the ONNX tensor's name and shape.
nnx_onnx_cli(nnx_cli_onnx_dot 0
  STDOUT "^digraph \"G\" {\n.*  in0 \\[label=\"x\", shape=ellipse\\];\n  n0 \\[label=\"Conv\"\\];\n  n1 \\[label=\"Relu\"\\];\n  n2 \\[label=\"MaxPool\"\\];\n  w1 \\[label=\"w\", shape=note\\];\n  w2 \\[label=\"bias\", shape=note\\];\n  in0 -> n0 \\[label=\"x\\\\n\\[1,1,4,4\\]\"\\];\n  w1 -> n0 \\[label=\"w\\\\n\\[2,1,3,3\\]\"\\];\n  w2 -> n0 \\[label=\"bias\\\\n\\[2\\]\"\\];\n  n0 -> n1 \\[label=\"c\\\\n\\[1,2,4,4\\]\"\\];\n  n1 -> n2 \\[label=\"r\\\\n\\[1,2,4,4\\]\"\\];\n  out0 \\[label=\"y\", shape=ellipse\\];\n  n2 -> out0 \\[label=\"y\\\\n\\[1,2,2,2\\]\"\\];\n}\n$"
  ARGS dot ${onnx_data}/conv_pool.onnx)
# The same on a model made at test time with named nodes, an operator of a custom domain and
# an attribute value nnx does not support (tests/data/onnx/gen_structure_model.py).
if(EXISTS /usr/bin/python3)
  add_test(NAME nnx_cli_onnx_structure_gen
           COMMAND /usr/bin/python3 ${onnx_data}/gen_structure_model.py ${onnx_out})
  set_tests_properties(nnx_cli_onnx_structure_gen PROPERTIES LABELS cli SKIP_RETURN_CODE 77
                       FIXTURES_SETUP onnx-structure)
  set(onnx_structure ${onnx_out}/structure.onnx)
  nnx_onnx_cli(nnx_cli_onnx_structure_info 0
    STDOUT "outputs:\n  y +float32 +\\?\n  z +float32 +\\[1,2,2,2\\]\noperations: 6\n  Add +1\n  Conv +1\n  Foo +1 \\(unsupported\\)\n  LpPool +1 \\(unsupported\\)\n  MaxPool +1\n  Relu +1\nunsupported: 2\n  node 'foo1' \\(Foo\\): unknown operator \\(domain com.example\\)\n  node 'pool1' \\(LpPool\\): p = 100 \\(1 to 64\\)\nparameters: 18 "
    ARGS info ${onnx_structure})
  nnx_onnx_cli(nnx_cli_onnx_structure_check 0
    STDOUT "structure.onnx: valid structure \\(6 operations, 1 inputs, 2 outputs\\); 2 unsupported operations: Foo \\(node 'foo1'\\), LpPool \\(node 'pool1'\\)\n$"
    ARGS check --structure ${onnx_structure})
  nnx_onnx_cli(nnx_cli_onnx_structure_check_plain 3
    STDERR "structure.onnx: error: 2 unsupported operations \\(nnx check --structure checks the rest\\):\n  node 'foo1' \\(Foo\\): unknown operator \\(domain com.example\\)\n  node 'pool1' \\(LpPool\\): p = 100 \\(1 to 64\\)\n$"
    ARGS check ${onnx_structure})
  nnx_onnx_cli(nnx_cli_onnx_structure_dot 0
    STDOUT "  n0 \\[label=\"conv1\\\\nConv\"\\];\n  n1 \\[label=\"relu1\\\\nRelu\"\\];\n  n2 \\[label=\"foo1\\\\nFoo \\(com.example\\)\\\\nunsupported\", style=dashed, color=red, fontcolor=red\\];\n  n3 \\[label=\"pool1\\\\nLpPool\\\\nunsupported\", style=dashed, color=red, fontcolor=red\\];\n  n4 \\[label=\"add1\\\\nAdd\"\\];\n  n5 \\[label=\"mp1\\\\nMaxPool\"\\];\n.*  n2 -> n4 \\[label=\"f\\\\n\\?\"\\];\n.*  n5 -> out1 \\[label=\"z\\\\n\\[1,2,2,2\\]\"\\];\n}\n$"
    ARGS dot ${onnx_structure})
  # a symbolic batch: the model is unbound, its output shapes found by probing it at fixed
  # shapes (engine decision E30); y, computed from Foo, stays "?", z is [batch,4] though the
  # file declares no shape
  nnx_onnx_cli(nnx_cli_onnx_structure_batch_info 0
    STDOUT "inputs:\n  x +float32 +\\[batch,4\\]\noutputs:\n  y +float32 +\\?\n  z +float32 +\\[batch,4\\]\noperations: 3\n  Foo +1 \\(unsupported\\)\n"
    ARGS info ${onnx_out}/structure_batch.onnx)
  nnx_onnx_cli(nnx_cli_onnx_structure_batch_check 0
    STDOUT "structure_batch.onnx: valid structure \\(3 operations, 1 inputs, 2 outputs\\); 1 unsupported operation: Foo \\(node 'foo'\\)\n$"
    ARGS check --structure ${onnx_out}/structure_batch.onnx)
  set_tests_properties(nnx_cli_onnx_structure_info nnx_cli_onnx_structure_check nnx_cli_onnx_structure_check_plain
                       nnx_cli_onnx_structure_dot nnx_cli_onnx_structure_batch_info nnx_cli_onnx_structure_batch_check
                       PROPERTIES FIXTURES_REQUIRED onnx-structure)
  # Right answers or clear errors (issue 27 §4; tests/data/onnx/gen_load_errors.py):
  # --random-inputs fills the inputs only, the external weights are still read (y = max(x, 5)
  # is all 5, not max(x, 0)) or refused; out-of-range input dims, an empty op_type (invalid,
  # exit 1) and an int32 MatMul (valid but not runnable, exit 3) are named.
  set(onnx_loaderr ${onnx_out}/loaderr)
  file(MAKE_DIRECTORY ${onnx_loaderr})
  add_test(NAME nnx_cli_onnx_loaderr_gen
           COMMAND /usr/bin/python3 ${onnx_data}/gen_load_errors.py ${onnx_loaderr})
  set_tests_properties(nnx_cli_onnx_loaderr_gen PROPERTIES LABELS cli SKIP_RETURN_CODE 77
                       FIXTURES_SETUP onnx-loaderr)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_ext_valid 0
    STDOUT "^y: float32\\[1,4\\] min=5 max=5 mean=5\n"
    ARGS run ${onnx_loaderr}/ext_valid.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_ext_missing 1
    STDERR "ext_missing.onnx: error: initializer 'w': .*no_such_file.bin: error: cannot open: "
    ARGS run ${onnx_loaderr}/ext_missing.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_ext_escape 1
    STDERR "ext_escape.onnx: error: initializer 'w': tensor 'w': external data location '../../etc/passwd' leaves the model's folder\n"
    ARGS run ${onnx_loaderr}/ext_escape.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_ext_fifo 1
    STDERR "ext_fifo.onnx: error: initializer 'w': .*ext_fifo.bin: error: cannot read: not a regular file\n"
    ARGS run ${onnx_loaderr}/ext_fifo.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dim_negative 1
    STDERR "dim_negative.onnx: error: graph input 'x' dimension 1 has dim_value -1, not an extent"
    ARGS run ${onnx_loaderr}/dim_negative.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dim_negative_shape 1
    STDERR "dim_negative.onnx: error: graph input 'x' dimension 1 has dim_value -1, not an extent"
    ARGS run ${onnx_loaderr}/dim_negative.onnx --input-shape x=2,3 --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dim_huge 3
    STDERR "dim_huge.onnx: error: graph input 'x' dimension 1 is 4611686018427387904, larger than an extent may be"
    ARGS run ${onnx_loaderr}/dim_huge.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_empty_op 1 STDERR "empty_op.onnx: error: node 'N' has an empty op_type\n$"
    ARGS run ${onnx_loaderr}/empty_op.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_empty_op_structure 1 STDERR "empty_op.onnx: error: node 'N' has an empty op_type\n$"
    ARGS check --structure ${onnx_loaderr}/empty_op.onnx)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_matmul_int32 3
    STDERR "matmul_int32.onnx: error: node 'mm' \\(MatMul, opset 13\\): MatMul of int32 is not supported"
    ARGS run ${onnx_loaderr}/matmul_int32.onnx --random-inputs 1)
  # Gemm of int32, like MatMul: valid ONNX nnx cannot run (exit 3), naming node and type.
  nnx_onnx_cli(nnx_cli_onnx_loaderr_gemm_int32 3
    STDERR "gemm_int32.onnx: error: node 'gm' \\(Gemm, opset 13\\): Gemm of int32 is not supported"
    ARGS run ${onnx_loaderr}/gemm_int32.onnx --random-inputs 1)
  # An opset newer than nnx knows is refused by name (exit 3) unless --newer-opsets.
  nnx_onnx_cli(nnx_cli_onnx_loaderr_opset99 3 STDERR "opset99.onnx: error: .*opset 99"
    ARGS run ${onnx_loaderr}/opset99.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_opset99_newer 0 STDOUT "^y: float32\\[1,4\\] "
    ARGS run ${onnx_loaderr}/opset99.onnx --random-inputs 1 --newer-opsets)
  # Dims of a graph output or a value_info that are not extents (-1, 2^62): nnx computes
  # shapes itself and does not read these, so the output is the right [1,4], never "symbolic"
  # (decision "declared output dims").
  foreach(f out_dim_negative out_dim_huge vi_dim_negative vi_dim_huge)
    nnx_onnx_cli(nnx_cli_onnx_loaderr_${f} 0 STDOUT "^y: float32\\[1,4\\] "
      ARGS run ${onnx_loaderr}/${f}.onnx --random-inputs 1)
    nnx_onnx_cli(nnx_cli_onnx_loaderr_${f}_info 0 STDOUT "outputs:\n  y +float32 +\\[1,4\\]\n"
      ARGS info ${onnx_loaderr}/${f}.onnx)
    list(APPEND onnx_loaderr_tests nnx_cli_onnx_loaderr_${f} nnx_cli_onnx_loaderr_${f}_info)
  endforeach()
  # A name defined twice is an invalid model (exit 1) naming it (ONNX-L10).
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dup_node_output 1
    STDERR "dup_node_output.onnx: error: node 'r2' \\(Neg, opset 13\\): output 0 'y' is already defined"
    ARGS run ${onnx_loaderr}/dup_node_output.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dup_initializer 1
    STDERR "dup_initializer.onnx: error: node 'r1' \\(Relu, opset 13\\): output 0 't' is already defined"
    ARGS run ${onnx_loaderr}/dup_initializer.onnx --random-inputs 1)
  nnx_onnx_cli(nnx_cli_onnx_loaderr_dup_graph_input 1
    STDERR "dup_graph_input.onnx: error: node 'r1' \\(Relu, opset 13\\): output 0 'x' is already defined"
    ARGS run ${onnx_loaderr}/dup_graph_input.onnx --random-inputs 1)
  # ConstantOfShape of 60000^3 elements: refused by the elements limit before allocating
  # (exit 3, fast: the test's timeout is 30 s); raised past it, the load still fails cleanly.
  nnx_onnx_cli(nnx_cli_onnx_loaderr_cos_huge 3
    STDERR "cos_huge.onnx: node 'cos' \\(ConstantOfShape\\): error: the constant would have 216000000000000 elements, more than 134217728 \\(the limit; raise it with nnx_model_options.max_elements, nnx --max-elements\\)"
    ARGS run ${onnx_loaderr}/cos_huge.onnx --random-inputs 1)
  set_tests_properties(nnx_cli_onnx_loaderr_ext_valid nnx_cli_onnx_loaderr_ext_missing nnx_cli_onnx_loaderr_ext_escape
                       nnx_cli_onnx_loaderr_ext_fifo nnx_cli_onnx_loaderr_dim_negative
                       nnx_cli_onnx_loaderr_dim_negative_shape nnx_cli_onnx_loaderr_dim_huge
                       nnx_cli_onnx_loaderr_empty_op nnx_cli_onnx_loaderr_empty_op_structure
                       nnx_cli_onnx_loaderr_matmul_int32 nnx_cli_onnx_loaderr_gemm_int32
                       nnx_cli_onnx_loaderr_opset99 nnx_cli_onnx_loaderr_opset99_newer ${onnx_loaderr_tests}
                       nnx_cli_onnx_loaderr_dup_node_output nnx_cli_onnx_loaderr_dup_initializer
                       nnx_cli_onnx_loaderr_dup_graph_input nnx_cli_onnx_loaderr_cos_huge
                       PROPERTIES FIXTURES_REQUIRED onnx-loaderr TIMEOUT 30)
  # A 1 GiB ConstantOfShape (the elements limit raised past it) in a 300 MB address space: out of
  # memory, exit 4, naming the node and the bytes (decision E40). Sanitizers reserve more
  # address space than the limit, so a plain build only.
  if(NOT NNX_SANITIZE)
    add_test(NAME nnx_cli_onnx_loaderr_cos_oom COMMAND ${CMAKE_COMMAND} -DEXIT=4
      "-DSTDERR=cos_1gib[.]onnx: error: node 'cos' [(]ConstantOfShape, opset 13[)]: out of memory for the constant [(]1073741824 bytes[)]"
      -P ${PROJECT_SOURCE_DIR}/tools/nnx/expect.cmake -- /bin/bash -c "ulimit -v 300000 && exec \"$0\" run \"$1\" --random-inputs 1 --max-elements 300000000"
      $<TARGET_FILE:nnx-cli> ${onnx_loaderr}/cos_1gib.onnx)
    set_tests_properties(nnx_cli_onnx_loaderr_cos_oom PROPERTIES LABELS cli FIXTURES_REQUIRED onnx-loaderr TIMEOUT 30)
  endif()
endif()
nnx_onnx_cli(nnx_cli_onnx_run 0 STDOUT "^y: float32\\[1,4\\] "
  ARGS run ${onnx_data}/relu_add.onnx --input x=${onnx_data}/x_1x4.npy -o ${onnx_out}/relu_add)
nnx_onnx_cli(nnx_cli_onnx_convert 0 ARGS convert ${onnx_data}/conv_pool.onnx ${onnx_out}/conv_pool.tgz)
nnx_onnx_cli(nnx_cli_onnx_run_onnx 0 STDOUT "^y: float32\\[1,2,2,2\\] "
  ARGS run ${onnx_data}/conv_pool.onnx --input x=${onnx_data}/x_1x1x4x4.npy -o ${onnx_out}/from_onnx)
nnx_onnx_cli(nnx_cli_onnx_run_nnef 0 STDOUT "^y: float32\\[1,2,2,2\\] "
  ARGS run ${onnx_out}/conv_pool.tgz --input x=${onnx_data}/x_1x1x4x4.npy -o ${onnx_out}/from_nnef)
set_tests_properties(nnx_cli_onnx_convert PROPERTIES FIXTURES_SETUP onnx-converted)
set_tests_properties(nnx_cli_onnx_run_nnef PROPERTIES FIXTURES_REQUIRED onnx-converted FIXTURES_SETUP onnx-ran)
set_tests_properties(nnx_cli_onnx_run_onnx PROPERTIES FIXTURES_SETUP onnx-ran)
set_tests_properties(nnx_cli_onnx_run PROPERTIES FIXTURES_SETUP onnx-relu-ran)
add_test(NAME nnx_cli_onnx_convert_same_outputs
  COMMAND ${CMAKE_COMMAND} -E compare_files ${onnx_out}/from_onnx/y.npy ${onnx_out}/from_nnef/y.npy)
set_tests_properties(nnx_cli_onnx_convert_same_outputs PROPERTIES LABELS cli FIXTURES_REQUIRED onnx-ran)
# An index out of range in an ONNX Gather fails the run naming the node, the index and the
# axis (docs/decisions/onnx.md, "indices out of range"), where a WebNN graph would clamp it.
nnx_onnx_cli(nnx_cli_onnx_gather_out_of_range 1
  STDERR "^[^\n]*gather_out_of_range[.]onnx: error: dispatch: gather 'picked': index 4 \\(element 1 of the indices\\) is out of range for axis 1 of extent 4: valid indices are \\[-4, 3\\]\n"
  ARGS run ${onnx_data}/gather_out_of_range.onnx --input x=${onnx_data}/x_3x4.npy)
# Messages nested past the limit (default 100, --max-depth) are refused naming it, before
# protobuf-c (which recurses once per level with no limit) decodes them; the models are
# written at test time by gen_deep.py. ONNX's own Python reader refuses them too (its
# protobuf stops at 100).
if(EXISTS /usr/bin/python3)
  set(onnx_deep ${onnx_out}/deep)
  add_test(NAME nnx_cli_onnx_deep_generate COMMAND /usr/bin/python3 ${onnx_data}/gen_deep.py ${onnx_deep})
  set_tests_properties(nnx_cli_onnx_deep_generate PROPERTIES LABELS cli FIXTURES_SETUP onnx-deep)
  set(deep_msg "error: the model's protobuf messages nest more than")
  set(deep_opt "deep \\(the limit; raise it with nnx_model_options[.]max_depth, nnx --max-depth\\)\n$")
  nnx_onnx_cli(nnx_cli_onnx_deep_type 3 STDERR "^[^\n]*deep_type[.]onnx: ${deep_msg} 100 ${deep_opt}"
    ARGS check ${onnx_deep}/deep_type.onnx)
  nnx_onnx_cli(nnx_cli_onnx_deep_if 3 STDERR "^[^\n]*deep_if[.]onnx: ${deep_msg} 100 ${deep_opt}"
    ARGS info ${onnx_deep}/deep_if.onnx)
  # A raised limit the file still passes: refused the same way, naming the new limit.
  nnx_onnx_cli(nnx_cli_onnx_deep_type_raised 3 STDERR "^[^\n]*deep_type[.]onnx: ${deep_msg} 10000 ${deep_opt}"
    ARGS check --max-depth 10000 ${onnx_deep}/deep_type.onnx)
  nnx_onnx_cli(nnx_cli_onnx_if_100 3 STDERR "^[^\n]*if_100[.]onnx: ${deep_msg} 100 ${deep_opt}"
    ARGS check ${onnx_deep}/if_100.onnx)
  # Within a raised limit the file is decoded, and the loader's own sub-graph limit (64
  # levels, ONNX-F3) refuses it.
  nnx_onnx_cli(nnx_cli_onnx_if_100_raised 3 STDERR "sub-graphs are nested more than 64 deep"
    ARGS check --max-depth 1000 ${onnx_deep}/if_100.onnx)
  set_tests_properties(nnx_cli_onnx_deep_type nnx_cli_onnx_deep_if nnx_cli_onnx_deep_type_raised nnx_cli_onnx_if_100
                       nnx_cli_onnx_if_100_raised PROPERTIES FIXTURES_REQUIRED onnx-deep)
endif()
# NNEF documents of issue 27 (tests/data/nnef/limit_*.nnef, a few KB): 40 fragments that
# each call the one before twice (2^39 operations) and a 60000 x 60000 list comprehension are
# refused naming the limit, exit 3, before the memory is spent; the option sets the limit.
set(nnef_limit_data ${PROJECT_SOURCE_DIR}/tests/data/nnef)
nnx_onnx_cli(nnx_cli_nnef_limit_operations 3
  STDERR "^[^\n]*limit_doubling[.]nnef:5:65: error: expanding the graph gives more than 2097152 operations \\(the limit; raise it with nnx_model_options[.]max_operations, nnx --max-operations\\)\n$"
  ARGS check ${nnef_limit_data}/limit_doubling.nnef)
nnx_onnx_cli(nnx_cli_nnef_limit_operations_option 3
  STDERR "limit_doubling[.]nnef:[0-9]+:[0-9]+: error: expanding the graph gives more than 1000 operations"
  ARGS check --max-operations 1000 ${nnef_limit_data}/limit_doubling.nnef)
nnx_onnx_cli(nnx_cli_nnef_limit_elements 3
  STDERR "^[^\n]*limit_square_list[.]nnef:8:90: error: the lists and strings this document builds count more than 134217728 elements, 4 a list item \\(the limit; raise it with nnx_model_options[.]max_elements, nnx --max-elements\\)\n$"
  ARGS check ${nnef_limit_data}/limit_square_list.nnef)
nnx_onnx_cli(nnx_cli_onnx_max_depth_usage 2 STDERR "--max-depth wants a whole number from 1 to 4294967295, got '0'"
  ARGS check --max-depth 0 ${onnx_data}/relu_add.onnx)
# max_operations counts the core operations a model lowers to: relu_add.onnx is Relu + Add.
nnx_onnx_cli(nnx_cli_onnx_max_operations 3 STDERR
  "node 'y' \\(Add, opset 13\\): add: the model has more than 1 operations after expansion \\(the limit; raise it with nnx_model_options.max_operations, nnx --max-operations\\)"
  ARGS check --max-operations 1 ${onnx_data}/relu_add.onnx)
nnx_onnx_cli(nnx_cli_onnx_max_operations_raised 0 STDOUT "valid \\(2 operations"
  ARGS check --max-operations 2 ${onnx_data}/relu_add.onnx)
nnx_onnx_cli(nnx_cli_max_operations_usage 2 STDERR "--max-operations wants a whole number from 1 to 18446744073709551615, got '-3'"
  ARGS check --max-operations -3 ${onnx_data}/relu_add.onnx)
# Names per file (--max-names, docs/CLI.md "Limits"): counted before the per-name work, in
# each front end's unit: ONNX values, TVM .params entries (read before the graph), NNVM
# nodes, TOSA tensors and shapes. Archives: the bytes unpacked (--max-archive-bytes).
set(names_opt "\\(the limit; raise it with nnx_model_options[.]max_names, nnx --max-names\\)\n$")
nnx_onnx_cli(nnx_cli_onnx_max_names 3
  STDERR "^[^\n]*conv_pool[.]onnx: error: the model defines 6 names \\(initializers, inputs, value_info, node outputs\\), more than 2 ${names_opt}"
  ARGS check --max-names 2 ${onnx_data}/conv_pool.onnx)
nnx_onnx_cli(nnx_cli_onnx_max_names_enough 0 STDOUT "conv_pool.onnx: valid"
  ARGS check --max-names 6 ${onnx_data}/conv_pool.onnx)
set(nnvm_data ${PROJECT_SOURCE_DIR}/tests/data/nnvm)
nnx_onnx_cli(nnx_cli_nnvm_params_max_names 3
  STDERR "^[^\n]*vgg_like/graph[.]params: error: [0-9]+ arrays, more than 2 names ${names_opt}"
  ARGS check --max-names 2 ${nnvm_data}/vgg_like/graph.json)
nnx_onnx_cli(nnx_cli_nnvm_max_names 3
  STDERR "^[^\n]*no_params/graph[.]json: error: the graph has [0-9]+ nodes, more than 2 names ${names_opt}"
  ARGS check --max-names 2 ${nnvm_data}/no_params/graph.json)
nnx_onnx_cli(nnx_cli_onnx_convert_tosa 0 ARGS convert ${onnx_data}/conv_pool.onnx ${onnx_out}/conv_pool.tosa)
nnx_onnx_cli(nnx_cli_tosa_max_names 3
  STDERR "^[^\n]*conv_pool[.]tosa: error: the file declares [0-9]+ tensors and shapes, more than 2 names ${names_opt}"
  ARGS check --max-names 2 ${onnx_out}/conv_pool.tosa)
set_tests_properties(nnx_cli_onnx_convert_tosa PROPERTIES FIXTURES_SETUP onnx-converted-tosa)
set_tests_properties(nnx_cli_tosa_max_names PROPERTIES FIXTURES_REQUIRED onnx-converted-tosa)
nnx_onnx_cli(nnx_cli_nnef_max_archive_bytes 3
  STDERR "^[^\n]*conv_pool[.]tgz:[^\n]*: error: the archive unpacks to more than 100 bytes \\([0-9]+ with this entry\\) \\(the limit; raise it with nnx_model_options[.]max_archive_bytes, nnx --max-archive-bytes\\)\n$"
  ARGS check --max-archive-bytes 100 ${onnx_out}/conv_pool.tgz)
set_tests_properties(nnx_cli_nnef_max_archive_bytes PROPERTIES FIXTURES_REQUIRED onnx-converted)
if(EXISTS /usr/bin/python3)
  add_test(NAME nnx_cli_onnx_run_values COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/data/nnef_run/check_output.py
           ${onnx_out}/relu_add/y.npy ${onnx_data}/relu_add_expected.npy)
  set_tests_properties(nnx_cli_onnx_run_values PROPERTIES LABELS cli FIXTURES_REQUIRED onnx-relu-ran SKIP_RETURN_CODE 77)
endif()
# A symbolic batch dimension: shown by name without a shape; bound by --input-shape on every
# command that loads a model, or by run from its --input file; fixed dimensions must agree.
set(onnx_batch ${onnx_data}/relu_add_batch.onnx)
nnx_onnx_cli(nnx_cli_onnx_symbolic_check 0
  STDOUT "relu_add_batch.onnx: structure valid \\(2 operations, 1 inputs, 1 outputs\\); input 'x' is float32\\[batch,4\\]: its operations are checked once its shape is given"
  ARGS check ${onnx_batch})
nnx_onnx_cli(nnx_cli_onnx_symbolic_info 0 STDOUT "inputs:\n  x +float32 +\\[batch,4\\]\noutputs:\n  y +float32 +\\[batch,4\\]\n"
  ARGS info ${onnx_batch})
nnx_onnx_cli(nnx_cli_onnx_symbolic_info_pair 0
  STDOUT "  x +float32 +\\[batch,seq\\]\n  z +float32 +\\[batch,1\\]\noutputs:\n  y +float32 +\\[batch,seq\\]\n"
  ARGS info ${onnx_data}/relu_add_pair.onnx)
# Output shapes in the input dimensions, found by probing (engine decision E30): a classifier
# whose file declares [unk__0,10], Concat and Pad of [batch,seq], a stride-2 Conv ("?").
nnx_onnx_cli(nnx_cli_onnx_probed_info 0 STDOUT "inputs:\n  x +float32 +\\[batch,3,8,8\\]\noutputs:\n  y +float32 +\\[batch,10\\]\n"
  ARGS info ${onnx_data}/probe_classifier.onnx)
nnx_onnx_cli(nnx_cli_onnx_probed_info_concat 0
  STDOUT "outputs:\n  cat +float32 +\\[batch,2\\*seq\\]\n  padded +float32 +\\[batch,seq\\+1\\]\n"
  ARGS info ${onnx_data}/probe_concat.onnx)
nnx_onnx_cli(nnx_cli_onnx_probed_info_conv 0 STDOUT "outputs:\n  y +float32 +\\[N,2,\\?,\\?\\]\n"
  ARGS info ${onnx_data}/probe_conv.onnx)
nnx_onnx_cli(nnx_cli_onnx_symbolic_run_needs_shape 1
  STDERR "relu_add_batch.onnx: error: input 'x' is float32\\[batch,4\\]: dimension 0 \\('batch'\\) needs an extent: give --input x=FILE or --input-shape x=...\n"
  ARGS run ${onnx_batch} --random-inputs 1)
# --seed: the draws of a random operator are fixed by it (splitmix64, documented in the ONNX
# decisions), the same at every load, different for another seed
nnx_onnx_cli(nnx_cli_onnx_seed 0 STDOUT "^y: float32\\[200,100\\] min=-2 max=2.99996 mean=0.522123\n"
  ARGS run ${onnx_data}/random_uniform.onnx --seed 5)
nnx_onnx_cli(nnx_cli_onnx_seed_other 0 STDOUT "^y: float32\\[200,100\\] min=-1.99989 max=2.99899 mean=0.482385\n"
  ARGS run ${onnx_data}/random_uniform.onnx --seed 6)
nnx_onnx_cli(nnx_cli_onnx_seed_syntax 2 STDERR "^nnx run: --seed wants a decimal integer"
  ARGS run ${onnx_data}/random_uniform.onnx --seed -1)
nnx_onnx_cli(nnx_cli_onnx_dim_by_name 0 STDOUT "inputs:\n  x +float32 +\\[2,seq\\]\n  z +float32 +\\[2,1\\]\noutputs:\n  y +float32 +\\[2,seq\\]\n"
  ARGS info ${onnx_data}/relu_add_pair.onnx --dim batch=2)
nnx_onnx_cli(nnx_cli_onnx_dim_unknown 1 STDERR "error: an extent is given for dimension 'height', but no graph input has a dimension of that name left open\n"
  ARGS check ${onnx_batch} --dim height=3)
nnx_onnx_cli(nnx_cli_onnx_dim_run 0 STDOUT "^y: float32\\[5,4\\] " ARGS run ${onnx_batch} --dim batch=5 --random-inputs 1)
nnx_onnx_cli(nnx_cli_onnx_dim_syntax 2 STDERR "^nnx info: --dim wants NAME=N" ARGS info ${onnx_batch} --dim batch)
nnx_onnx_cli(nnx_cli_onnx_symbolic_dot 1 STDERR "graph input 'x' dimension 0 \\('batch'\\) has no extent: give the input shapes to draw it"
  ARGS dot ${onnx_batch})
nnx_onnx_cli(nnx_cli_onnx_input_shape_check 0 STDOUT "relu_add_batch.onnx: valid" ARGS check ${onnx_batch} --input-shape x=2,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_info 0 STDOUT "inputs:\n  x +float32 +\\[5,4\\]\noutputs:\n  y +float32 +\\[5,4\\]\n"
  ARGS info ${onnx_batch} --input-shape=x=5,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_dot 0 STDOUT "label=\"x\\\\n\\[7,4\\]\"" ARGS dot ${onnx_batch} --input-shape x=7,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_bench 0 STDOUT "bench: median" ARGS bench ${onnx_batch} --input-shape x=16,4 --runs 2 --quiet)
nnx_onnx_cli(nnx_cli_onnx_bench_shapes 0
  STDOUT "^shapes x=1,4:\n[^\n]*: 2 dispatches: [^\n]*\nfirst dispatch \\(load, compile, run\\): [0-9.]+ ms\n.*\nshapes x=64,4:\n.*\nbench: median [0-9.]+ ms, min [0-9.]+ ms\n$"
  ARGS bench ${onnx_batch} --shapes "x=1,4$<SEMICOLON>x=64,4" --runs 2 --quiet)
nnx_onnx_cli(nnx_cli_onnx_bench_shapes_syntax 2 STDERR "^nnx bench: --input-shape wants NAME=D0,D1,... "
  ARGS bench ${onnx_batch} --shapes "x=1,4$<SEMICOLON>x=" --quiet)
nnx_onnx_cli(nnx_cli_onnx_input_shape_convert 0 ARGS convert --force ${onnx_batch} --input-shape x=3,4 ${onnx_out}/batch3)
nnx_onnx_cli(nnx_cli_onnx_input_shape_fixed 1
  STDERR "relu_add.onnx: error: graph input 'x' dimension 0 is 1, the shape given for it has 2\n"
  ARGS check ${onnx_data}/relu_add.onnx --input-shape x=2,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_rank 1
  STDERR "error: graph input 'x' has rank 2, the shape given for it rank 3\n" ARGS check ${onnx_batch} --input-shape x=1,2,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_not_input 1
  STDERR "relu_add.onnx: error: a shape is given for 'y', which is not a graph input\n"
  ARGS check ${onnx_data}/relu_add.onnx --input-shape y=1,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_twice 2 STDERR "^nnx info: --input-shape 'x' given twice\n"
  ARGS info ${onnx_batch} --input-shape x=1,4 --input-shape x=2,4)
nnx_onnx_cli(nnx_cli_onnx_input_shape_syntax 2 STDERR "^nnx run: --input-shape wants NAME=D0,D1,... "
  ARGS run ${onnx_batch} --input-shape x=2,,4)
nnx_onnx_cli(nnx_cli_onnx_run_binds_file_shape 0 STDOUT "^y: float32\\[3,4\\] "
  ARGS run ${onnx_batch} --input x=${onnx_data}/x_3x4.npy -o ${onnx_out}/batch_from_file)
nnx_onnx_cli(nnx_cli_onnx_run_input_shape_wins 1
  STDERR "x_3x4.npy: error: the file holds float32\\[3,4\\], input 'x' is float32\\[2,4\\]\n"
  ARGS run ${onnx_batch} --input-shape x=2,4 --input x=${onnx_data}/x_3x4.npy)
set_tests_properties(nnx_cli_onnx_run_binds_file_shape PROPERTIES FIXTURES_SETUP onnx-batch-ran)
if(EXISTS /usr/bin/python3)
  add_test(NAME nnx_cli_onnx_run_binds_file_shape_values COMMAND /usr/bin/python3
           ${PROJECT_SOURCE_DIR}/tests/data/nnef_run/check_output.py ${onnx_out}/batch_from_file/y.npy
           ${onnx_data}/relu_add_3x4_expected.npy)
  set_tests_properties(nnx_cli_onnx_run_binds_file_shape_values PROPERTIES LABELS cli FIXTURES_REQUIRED onnx-batch-ran
                       SKIP_RETURN_CODE 77)
endif()
# Only regular files are read: a FIFO as the model (ONNX, NNEF) or as an --input file is
# refused at once instead of blocking for a writer (each test fails by timeout if it blocks).
set(fifo_dir ${onnx_out}/fifos)
add_test(NAME nnx_cli_make_fifos COMMAND sh -c "rm -rf '${fifo_dir}' && mkdir -p '${fifo_dir}' && mkfifo '${fifo_dir}/m.onnx' '${fifo_dir}/m.nnef' '${fifo_dir}/x.npy'")
set_tests_properties(nnx_cli_make_fifos PROPERTIES FIXTURES_SETUP fifos LABELS cli)
nnx_onnx_cli(nnx_cli_fifo_onnx 1 STDERR "m.onnx: error: cannot read: not a regular file\n" ARGS info ${fifo_dir}/m.onnx)
nnx_onnx_cli(nnx_cli_fifo_nnef 1 STDERR "m.nnef: error: cannot open: not a regular file or a folder\n"
  ARGS check ${fifo_dir}/m.nnef)
nnx_onnx_cli(nnx_cli_fifo_input 1 STDERR "x.npy: error: cannot read: not a regular file"
  ARGS run ${onnx_data}/relu_add.onnx --input x=${fifo_dir}/x.npy)
set_tests_properties(nnx_cli_fifo_onnx nnx_cli_fifo_nnef nnx_cli_fifo_input PROPERTIES FIXTURES_REQUIRED fifos TIMEOUT 20)
# ONNX external data through a symbolic link: one that stays in the model's folder is read,
# one that leads out of it is refused naming the file (as ONNX Runtime refuses).
set(link_dir ${onnx_out}/links)
add_test(NAME nnx_cli_make_links COMMAND sh -c "rm -rf '${link_dir}' && mkdir -p '${link_dir}/in' '${link_dir}/out' && cp '${onnx_data}/external_b.onnx' '${link_dir}/in/m.onnx' && cp '${onnx_data}/external_b.onnx' '${link_dir}/out/m.onnx' && cp '${onnx_data}/external_b_values.bin' '${link_dir}/in/values.bin' && cp '${onnx_data}/external_b_values.bin' '${link_dir}/values.bin' && ln -s values.bin '${link_dir}/in/b.bin' && ln -s ../values.bin '${link_dir}/out/b.bin'")
set_tests_properties(nnx_cli_make_links PROPERTIES FIXTURES_SETUP links LABELS cli)
nnx_onnx_cli(nnx_cli_link_inside 0 STDOUT "^y: float32\\[1,4\\] min=-2 max=4.5 mean=2\n"
  ARGS run ${link_dir}/in/m.onnx --input x=${onnx_data}/x_1x4.npy)
nnx_onnx_cli(nnx_cli_link_outside 1 STDERR "initializer 'b': [^\n]*/out/b.bin: error: cannot read: it leads out of the folder"
  ARGS run ${link_dir}/out/m.onnx --input x=${onnx_data}/x_1x4.npy)
set_tests_properties(nnx_cli_link_inside nnx_cli_link_outside PROPERTIES FIXTURES_REQUIRED links)
# An opset newer than nnx knows is refused naming it; --newer-opsets reads it anyway.
nnx_onnx_cli(nnx_cli_onnx_newer_opset 3
  STDERR "relu_opset99.onnx: error: the model imports opset 99 of the default domain; nnx knows opsets up to 28"
  ARGS check ${onnx_data}/relu_opset99.onnx)
nnx_onnx_cli(nnx_cli_onnx_newer_opset_allowed 0 STDOUT "relu_opset99.onnx: valid"
  ARGS check ${onnx_data}/relu_opset99.onnx --newer-opsets)
# Output shapes that depend on the input values (a staged model): check and info say where,
# run makes the outputs of this run's shapes, dot refuses naming the node.
set(onnx_staged ${onnx_data}/data_shapes/nonzero_gather.onnx)
nnx_onnx_cli(nnx_cli_onnx_staged_check 0
  STDOUT "nonzero_gather.onnx: structure valid \\(6 operations, 1 inputs, 2 outputs\\); a shape depends on the input values from node 'idx' \\(NonZero\\): the operations from there on are checked when it runs\n"
  ARGS check ${onnx_staged})
nnx_onnx_cli(nnx_cli_onnx_staged_info 0 STDOUT "\nstaged: output shapes depend on the input values, from node 'idx' \\(NonZero\\)\n$"
  ARGS info ${onnx_staged})
nnx_onnx_cli(nnx_cli_onnx_staged_run 0 STDOUT "^y: float32\\[3\\] min=2 max=10 mean=6\n.*n: int64\\[1\\] min=3 max=3 mean=3\n$"
  ARGS run ${onnx_staged} --input x=${onnx_data}/data_shapes/x_three_positive.npy)
nnx_onnx_cli(nnx_cli_onnx_staged_bench 0 STDOUT "bench: median" ARGS bench ${onnx_staged} --runs 2 --quiet)
nnx_onnx_cli(nnx_cli_onnx_staged_dot 1 STDERR "cannot draw this model: a shape in it depends on run-time values \\(node 'idx' \\(NonZero\\)\\)"
  ARGS dot ${onnx_staged})
# Real models exported from Debian's PyTorch with dynamic axes, run by `nnx run` at two shapes
# each and compared with PyTorch (tests/models/check_dynamic_shapes.py).
if(EXISTS /usr/bin/python3)
  add_test(NAME onnx-exported-dynamic-shapes COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_dynamic_shapes.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/exported-models)
  set_tests_properties(onnx-exported-dynamic-shapes PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # Detectors (torchvision's SSDlite, a scripted one with If and batched_nms) exported the same
  # way, their detections matched with PyTorch's at two or three image shapes.
  add_test(NAME onnx-exported-detectors COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_detectors.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/exported-detectors)
  set_tests_properties(onnx-exported-detectors PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # The same kind of exports converted to .tosa (the float32 legalization), checked and run
  # from the .tosa file against PyTorch (tests/models/check_tosa_conversion.py).
  add_test(NAME onnx-exported-tosa COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_tosa_conversion.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/exported-tosa)
  set_tests_properties(onnx-exported-tosa PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # The ONNX writer: the same kind of exports written back as ONNX by nnx, checked with
  # python3-onnx's checker (full_check) and run again; NNEF models through ONNX and back; the
  # backend node tests written as ONNX and run again by the conformance runner; every written
  # file also run by ONNX Runtime (tests/onnxruntime/, installed by scripts/setup-npm.sh)
  # (tests/models/check_onnx_writer.py).
  add_test(NAME onnx-writer-round-trip COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_onnx_writer.py
           $<TARGET_FILE:nnx-cli> ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx-writer
           ${PROJECT_SOURCE_DIR}/tests/onnxruntime/run_onnx.js $<TARGET_FILE:nnx-onnx-conformance>)
  set_tests_properties(onnx-writer-round-trip PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # Every format to every format on four PyTorch models, each result run by nnx (and the ONNX
  # ones by ONNX Runtime) against PyTorch (tests/models/check_conversion_matrix.py).
  add_test(NAME conversion-matrix COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_conversion_matrix.py
           $<TARGET_FILE:nnx-cli> ${PROJECT_SOURCE_DIR}/tests/onnxruntime/run_onnx.js ${CMAKE_CURRENT_BINARY_DIR}/conversion-matrix)
  set_tests_properties(conversion-matrix PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # `nnx run --print` against numpy.array2string for every dtype both have
  # (tests/models/check_print_values.py); --save, --compare, output paths and `nnx verify
  # [--bisect]` on a PyTorch export and its conversions (tests/models/check_run_outputs.py).
  add_test(NAME nnx-run-print-values COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_print_values.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/print-values)
  set_tests_properties(nnx-run-print-values PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  add_test(NAME nnx-run-outputs-verify COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_run_outputs.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/run-outputs)
  set_tests_properties(nnx-run-outputs-verify PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # A model above protobuf's 2 GiB written with external data, checked and run by nnx and
  # ONNX Runtime (tests/models/check_onnx_external_data.py; 4.3 GB of files, removed after).
  add_test(NAME onnx-writer-external-data COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_onnx_external_data.py
           $<TARGET_FILE:nnx-cli> ${PROJECT_SOURCE_DIR}/tests/onnxruntime/run_onnx.js ${CMAKE_CURRENT_BINARY_DIR}/onnx-external-data)
  set_tests_properties(onnx-writer-external-data PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # ONNX -> NNEF (later library, compositions) and ONNX -> NNVM JSON (batch_matmul) on PyTorch models
  add_test(NAME nnef-nnvm-writers COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_nnef_nnvm_writers.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/nnef-nnvm-writers)
  set_tests_properties(nnef-nnvm-writers PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
  # Names across conversion: an export with input "input:0" and Linear weights "fc.weight"
  # converted to NNEF, NNVM, ONNX and TOSA keeps the weight names, runs by the old input
  # name, and --tensor-map lists what changed (tests/models/check_names.py).
  add_test(NAME convert-names COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/models/check_names.py
           $<TARGET_FILE:nnx-cli> ${CMAKE_CURRENT_BINARY_DIR}/convert-names)
  set_tests_properties(convert-names PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
endif()
