/* cnn_classifier.c — a small convolutional classifier built with the WebNN-style builder API:
 * x [1,1,6,6] -> conv2d (2 filters 3x3, bias) -> relu -> maxPool2d (2x2, stride 2)
 * -> reshape [1,8] -> gemm (8 -> 3, bias) -> softmax -> scores [1,3].
 * The weights are hand-made: filter 0 finds vertical strokes, filter 1 horizontal ones; the
 * classes are "vertical", "horizontal" and "blank". Runs three 6x6 images, prints the scores. */
#include <nnx.h>

#include <stdio.h>

#define N_IMAGES 3
#define N_CLASSES 3

static const char *const kClassNames[N_CLASSES] = {"vertical", "horizontal", "blank"};

/* Three test images: a vertical bar, a horizontal bar, and a faint uniform grey. */
static const float kImages[N_IMAGES][36] = {
    {0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f,
     0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f},
};

/* Filters [2, 1, 3, 3] (oihw): a bright column between dark ones, and its transpose. */
static const float kFilters[18] = {
    -1, 2,  -1, -1, 2, -1, -1, 2,  -1,

    -1, -1, -1, 2,  2, 2,  -1, -1, -1,
};
static const float kConvBias[2] = {-0.5f, -0.5f};

/* Dense layer [8, 3]: features 0-3 come from filter 0, 4-7 from filter 1 (channel-major
 * after the reshape). "blank" wins when neither filter fires. */
static const float kDense[8 * N_CLASSES] = {
    0.5f, 0.0f, -0.25f, 0.5f, 0.0f, -0.25f, 0.5f, 0.0f, -0.25f, 0.5f, 0.0f, -0.25f,
    0.0f, 0.5f, -0.25f, 0.0f, 0.5f, -0.25f, 0.0f, 0.5f, -0.25f, 0.0f, 0.5f, -0.25f,
};
static const float kDenseBias[N_CLASSES] = {0.0f, 0.0f, 1.0f};

/* Expected scores, worked out with numpy (float64): the vertical bar 0.995226 0.004067
 * 0.000707 (two pooled filter-0 features are 5.5, filter 1 stays at 0), the horizontal bar
 * the same with the first two swapped, the grey image 0.211942 0.211942 0.576117 (no filter
 * fires: only the "blank" bias is left). */

/* Builds the network; returns the graph or NULL (the error is printed). */
static nnx_graph *build_network(nnx_context *context)
{
    nnx_builder *b = NULL;
    if (nnx_builder_create(context, &b) != NNX_OK)
        return NULL;
    const nnx_operand_desc x_desc = {NNX_FLOAT32, 4, {1, 1, 6, 6}};
    const nnx_operand_desc filter_desc = {NNX_FLOAT32, 4, {2, 1, 3, 3}};
    const nnx_operand_desc conv_bias_desc = {NNX_FLOAT32, 1, {2}};
    const nnx_operand_desc dense_desc = {NNX_FLOAT32, 2, {8, N_CLASSES}};
    const nnx_operand_desc dense_bias_desc = {NNX_FLOAT32, 1, {N_CLASSES}};

    nnx_operand *x = nnx_builder_input(b, "image", &x_desc);
    nnx_operand *filters = nnx_builder_constant(b, &filter_desc, kFilters, sizeof kFilters);
    nnx_operand *conv_bias = nnx_builder_constant(b, &conv_bias_desc, kConvBias, sizeof kConvBias);
    nnx_operand *dense = nnx_builder_constant(b, &dense_desc, kDense, sizeof kDense);
    nnx_operand *dense_bias = nnx_builder_constant(b, &dense_bias_desc, kDenseBias, sizeof kDenseBias);

    const nnx_conv2d_options conv_options = {.label = "strokes", .bias = conv_bias};
    nnx_operand *features = nnx_builder_relu(b, nnx_builder_conv2d(b, x, filters, &conv_options), NULL);

    const uint32_t window[2] = {2, 2}, strides[2] = {2, 2};
    const nnx_pool2d_options pool_options = {
        .window_dimensions = window, .window_dimensions_count = 2, .strides = strides, .strides_count = 2};
    nnx_operand *pooled = nnx_builder_max_pool2d(b, features, &pool_options); /* [1, 2, 2, 2] */

    const uint32_t flat_shape[2] = {1, 8};
    nnx_operand *flat = nnx_builder_reshape(b, pooled, flat_shape, 2, NULL);
    const nnx_gemm_options dense_options = {.label = "classes", .c = dense_bias};
    nnx_operand *logits = nnx_builder_gemm(b, flat, dense, &dense_options);
    nnx_operand *scores = nnx_builder_softmax(b, logits, 1, NULL);

    nnx_graph *graph = NULL;
    const nnx_named_operand outputs[1] = {{"scores", scores}};
    nnx_status status = nnx_builder_build(b, outputs, 1, &graph);
    if (status != NNX_OK)
        fprintf(stderr, "nnx_builder_build: %s: %s\n", nnx_status_string(status), nnx_builder_error(b));
    nnx_builder_destroy(b);
    return graph;
}

int main(void)
{
    nnx_context *context = NULL;
    if (nnx_context_create(NULL, &context) != NNX_OK) {
        fprintf(stderr, "nnx_context_create failed\n");
        return 1;
    }
    int exit_code = 1;
    nnx_tensor *x_tensor = NULL, *y_tensor = NULL;
    nnx_graph *graph = build_network(context);
    if (!graph)
        goto done;

    const nnx_tensor_desc x_tensor_desc = {.desc = {NNX_FLOAT32, 4, {1, 1, 6, 6}}, .writable = true};
    const nnx_tensor_desc y_tensor_desc = {.desc = {NNX_FLOAT32, 2, {1, N_CLASSES}}, .readable = true};
    if (nnx_tensor_create(context, &x_tensor_desc, &x_tensor) != NNX_OK ||
        nnx_tensor_create(context, &y_tensor_desc, &y_tensor) != NNX_OK) {
        fprintf(stderr, "creating tensors: %s\n", nnx_context_error(context));
        goto done;
    }

    printf("classes: %s, %s, %s\n", kClassNames[0], kClassNames[1], kClassNames[2]);
    for (int i = 0; i < N_IMAGES; i++) {
        const nnx_named_tensor in[1] = {{"image", x_tensor}}, out[1] = {{"scores", y_tensor}};
        float scores[N_CLASSES];
        if (nnx_tensor_write(x_tensor, kImages[i], sizeof kImages[i]) != NNX_OK ||
            nnx_context_dispatch(context, graph, in, 1, out, 1) != NNX_OK ||
            nnx_tensor_read(y_tensor, scores, sizeof scores) != NNX_OK) {
            fprintf(stderr, "running image %d: %s\n", i, nnx_context_error(context));
            goto done;
        }
        int best = 0;
        for (int k = 1; k < N_CLASSES; k++)
            if (scores[k] > scores[best])
                best = k;
        printf("image %d: scores %.6f %.6f %.6f -> %s\n", i, scores[0], scores[1], scores[2], kClassNames[best]);
    }
    exit_code = 0;

done:
    nnx_tensor_destroy(y_tensor);
    nnx_tensor_destroy(x_tensor);
    nnx_graph_destroy(graph);
    nnx_context_destroy(context);
    return exit_code;
}
