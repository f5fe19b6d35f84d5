/* hello_webnn.c — the first nnx program to read: build a small network with the WebNN-style
 * builder API, compile it, run it once on a fixed input and print the result.
 * Network: x [1,1,4,4] -> conv2d (3x3 filter, bias, padding 1) -> relu -> averagePool2d
 * (2x2, stride 2) -> reshape [1,4] -> softmax (axis 1) -> y [1,4]. */
#include <nnx.h>

#include <stdio.h>

/* The input image: a diagonal line plus one stray pixel in the top-right corner. */
static const float kInput[16] = {
    1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
};

/* A diagonal-line detector: +0.5 on the main diagonal, -0.5 elsewhere (layout oihw,
 * one output and one input channel), and a bias that keeps weak responses below zero. */
static const float kFilter[9] = {
    0.5f, -0.5f, -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, -0.5f, 0.5f,
};
static const float kBias[1] = {-0.25f};

/* Expected output, worked out with numpy (float32):
 *   conv2d + bias  [[ 0.75 -1.25 -1.25  0.25]    relu  [[0.75 0    0    0.25]
 *                   [-1.25  1.25 -1.75 -1.25]           [0    1.25 0    0   ]
 *                   [-0.75 -1.25  1.25 -1.25]           [0    0    1.25 0   ]
 *                   [-0.25 -0.75 -1.25  0.75]]          [0    0    0    0.75]]
 *   averagePool2d  [[0.5 0.0625] [0 0.5]]  -> reshape [0.5 0.0625 0 0.5]
 *   softmax        [0.307486 0.198528 0.186500 0.307486]
 * The two quadrants the diagonal crosses score highest; the stray pixel lifts the
 * top-right quadrant a little above the bottom-left one. */

/* Prints "[1, 4]" style shapes. */
static void print_shape(const nnx_operand_desc *desc)
{
    printf("[");
    for (uint32_t i = 0; i < desc->rank; i++)
        printf("%s%u", i ? ", " : "", (unsigned)desc->shape[i]);
    printf("]");
}

int main(void)
{
    int exit_code = 1;
    nnx_context *context = NULL;
    nnx_builder *builder = NULL;
    nnx_graph *graph = NULL;
    nnx_tensor *x_tensor = NULL;
    nnx_tensor *y_tensor = NULL;
    nnx_status status;

    printf("nnx %s\n", nnx_version());

    /* NULL options: default allocator, one worker thread per core, no logging. */
    status = nnx_context_create(NULL, &context);
    if (status != NNX_OK) {
        fprintf(stderr, "nnx_context_create: %s\n", nnx_status_string(status));
        goto done;
    }

    /* 1. Describe the network. Builder calls never fail on the spot: the first error is
     *    kept and reported by nnx_builder_build, so the calls below need no checks. */
    status = nnx_builder_create(context, &builder);
    if (status != NNX_OK) {
        fprintf(stderr, "nnx_builder_create: %s\n", nnx_status_string(status));
        goto done;
    }

    const nnx_operand_desc x_desc = {NNX_FLOAT32, 4, {1, 1, 4, 4}};
    const nnx_operand_desc filter_desc = {NNX_FLOAT32, 4, {1, 1, 3, 3}};
    const nnx_operand_desc bias_desc = {NNX_FLOAT32, 1, {1}};

    nnx_operand *x = nnx_builder_input(builder, "x", &x_desc);
    nnx_operand *filter = nnx_builder_constant(builder, &filter_desc, kFilter, sizeof kFilter);
    nnx_operand *bias = nnx_builder_constant(builder, &bias_desc, kBias, sizeof kBias);

    /* Options structs are valid zero-initialized; set only what differs from WebNN's
     * defaults. Labels name the operation in error messages. */
    const uint32_t padding[4] = {1, 1, 1, 1}; /* beginH, endH, beginW, endW */
    const nnx_conv2d_options conv_options = {
        .label = "detect",
        .padding = padding,
        .padding_count = 4,
        .bias = bias,
    };
    nnx_operand *conv = nnx_builder_conv2d(builder, x, filter, &conv_options);

    nnx_operand *relu = nnx_builder_relu(builder, conv, NULL);

    const uint32_t window[2] = {2, 2};
    const uint32_t strides[2] = {2, 2};
    const nnx_pool2d_options pool_options = {
        .label = "pool",
        .window_dimensions = window,
        .window_dimensions_count = 2,
        .strides = strides,
        .strides_count = 2,
    };
    nnx_operand *pool = nnx_builder_average_pool2d(builder, relu, &pool_options);

    const uint32_t flat_shape[2] = {1, 4};
    nnx_operand *flat = nnx_builder_reshape(builder, pool, flat_shape, 2, NULL);
    nnx_operand *y = nnx_builder_softmax(builder, flat, 1, NULL);

    /* 2. Compile. The graph does not need the builder afterwards. */
    const nnx_named_operand outputs[1] = {{"y", y}};
    status = nnx_builder_build(builder, outputs, 1, &graph);
    if (status != NNX_OK) {
        fprintf(stderr, "nnx_builder_build: %s: %s\n", nnx_status_string(status), nnx_builder_error(builder));
        goto done;
    }
    nnx_builder_destroy(builder);
    builder = NULL;

    /* 3. Make tensors for the graph's input and output, and write the input. */
    nnx_operand_desc y_desc;
    nnx_graph_output_desc(graph, 0, &y_desc);
    const nnx_tensor_desc x_tensor_desc = {.desc = x_desc, .writable = true};
    const nnx_tensor_desc y_tensor_desc = {.desc = y_desc, .readable = true};
    if ((status = nnx_tensor_create(context, &x_tensor_desc, &x_tensor)) != NNX_OK ||
        (status = nnx_tensor_create(context, &y_tensor_desc, &y_tensor)) != NNX_OK ||
        (status = nnx_tensor_write(x_tensor, kInput, sizeof kInput)) != NNX_OK) {
        fprintf(stderr, "creating tensors: %s: %s\n", nnx_status_string(status), nnx_context_error(context));
        goto done;
    }

    /* 4. Run the graph and read the result back. */
    const nnx_named_tensor inputs_bound[1] = {{"x", x_tensor}};
    const nnx_named_tensor outputs_bound[1] = {{"y", y_tensor}};
    status = nnx_context_dispatch(context, graph, inputs_bound, 1, outputs_bound, 1);
    if (status != NNX_OK) {
        fprintf(stderr, "nnx_context_dispatch: %s: %s\n", nnx_status_string(status), nnx_context_error(context));
        goto done;
    }
    float result[4];
    status = nnx_tensor_read(y_tensor, result, sizeof result);
    if (status != NNX_OK) {
        fprintf(stderr, "nnx_tensor_read: %s: %s\n", nnx_status_string(status), nnx_context_error(context));
        goto done;
    }

    /* 5. Show what happened. */
    printf("input x ");
    print_shape(&x_desc);
    printf(":\n");
    for (int row = 0; row < 4; row++)
        printf("  %g %g %g %g\n", kInput[row * 4], kInput[row * 4 + 1], kInput[row * 4 + 2], kInput[row * 4 + 3]);
    printf("output y ");
    print_shape(&y_desc);
    printf(" %s:\n ", nnx_dtype_name(y_desc.dtype));
    for (int i = 0; i < 4; i++)
        printf(" %.6f", result[i]);
    printf("\n");
    exit_code = 0;

done:
    /* Destroying the context would also free the graph and tensors (it owns them); freeing
     * each one explicitly shows the pairs, and X_destroy(NULL) is a no-op. */
    nnx_tensor_destroy(y_tensor);
    nnx_tensor_destroy(x_tensor);
    nnx_graph_destroy(graph);
    nnx_builder_destroy(builder);
    nnx_context_destroy(context);
    return exit_code;
}
