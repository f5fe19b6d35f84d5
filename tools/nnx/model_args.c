/* model_args.c — the options of every command that loads a model (--lenient, --strict-1.0.2, --params FILE,
 * --input-shape NAME=D0,D1,..., --dim NAME=N, --seed N, --format FMT, --max-depth N and the other limits):
 * parsing them into cli_model_args, and the shapes given in the form nnx_model_options takes. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cli_model_args_free(cli_model_args *a)
{
    for (uint32_t i = 0; i < a->shape_count; i++)
        free((char *)a->shapes[i].name);
    free(a->shapes);
    a->shapes = NULL;
    a->shape_count = a->shape_room = 0;
}

/* --max-NAME N: the limit max_NAME of nnx_model_options (nnx_model_options_set_limit), a
 * positive decimal that fits its field. */
static int limit_option(cli_parser *p, const char *flag, const char *value, nnx_model_options *o)
{
    char name[32];
    snprintf(name, sizeof name, "%s", flag);
    for (char *c = name; *c; c++)
        *c = *c == '-' ? '_' : *c;
    unsigned long long v = 0;
    char *end = NULL;
    errno = 0;
    if (value[0] >= '1' && value[0] <= '9')
        v = strtoull(value, &end, 10);
    if (!end || *end || errno || nnx_model_options_set_limit(o, name, v) != NNX_OK)
        return cli_usage_error(p, "--%s wants a whole number from 1 to %llu, got '%s'", flag,
                               (unsigned long long)nnx_model_limit_max(name), value);
    return -1;
}

const nnx_input_shape *cli_model_args_shape(const cli_model_args *a, const char *name, size_t len)
{
    for (uint32_t i = 0; i < a->shape_count; i++)
        if (strlen(a->shapes[i].name) == len && strncmp(a->shapes[i].name, name, len) == 0)
            return &a->shapes[i];
    return NULL;
}

bool cli_model_args_add_shape(cli_model_args *a, const char *name, size_t len, uint32_t rank, const uint32_t *shape)
{
    if (a->shape_count == a->shape_room) {
        uint32_t room = a->shape_room ? 2 * a->shape_room : 4;
        nnx_input_shape *grown = realloc(a->shapes, room * sizeof *grown);
        if (!grown)
            return false;
        a->shapes = grown;
        a->shape_room = room;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return false;
    memcpy(copy, name, len);
    copy[len] = '\0';
    nnx_input_shape *s = &a->shapes[a->shape_count++];
    memset(s, 0, sizeof *s);
    s->name = copy;
    s->rank = rank;
    memcpy(s->shape, shape, rank * sizeof *shape);
    return true;
}

int cli_model_parse_shape(cli_parser *p, cli_model_args *a, const char *value)
{
    const char *eq = strchr(value, '=');
    uint32_t shape[NNX_MAX_RANK], rank = 0;
    const char *c = eq ? eq + 1 : NULL;
    bool ok = eq && eq != value;
    while (ok) {
        char digits[16];
        size_t n = strcspn(c, ",");
        long extent;
        ok = rank < NNX_MAX_RANK && n > 0 && n < sizeof digits;
        if (ok) {
            memcpy(digits, c, n);
            digits[n] = '\0';
            ok = cli_parse_long(digits, 0, UINT32_MAX, &extent);
        }
        if (ok)
            shape[rank++] = (uint32_t)extent;
        if (!ok || c[n] == '\0')
            break;
        c += n + 1;
    }
    if (!ok)
        return cli_usage_error(p, "--input-shape wants NAME=D0,D1,... (1 to %d extents from 0 to %u), got '%s'",
                               NNX_MAX_RANK, UINT32_MAX, value);
    size_t len = (size_t)(eq - value);
    if (cli_model_args_shape(a, value, len))
        return cli_usage_error(p, "--input-shape '%.*s' given twice", (int)len, value);
    if (!cli_model_args_add_shape(a, value, len, rank, shape)) {
        fprintf(stderr, "%s: out of memory\n", p->prog);
        return NNX_EXIT_INVALID_MODEL;
    }
    return -1;
}

int cli_model_option(cli_parser *p, const cli_option *option, const char *value, cli_model_args *a)
{
    if (strcmp(option->long_name, "lenient") == 0) {
        a->flags |= NNX_MODEL_LENIENT_EXTENSIONS;
        return -1;
    }
    if (strcmp(option->long_name, "strict-1.0.2") == 0) {
        a->flags |= NNX_MODEL_STRICT_1_0_2;
        return -1;
    }
    if (strcmp(option->long_name, "verbose") == 0) {
        cli_progress_verbose(true);
        return -1;
    }
    if (strcmp(option->long_name, "newer-opsets") == 0) {
        a->flags |= NNX_MODEL_NEWER_OPSETS;
        return -1;
    }
    if (strcmp(option->long_name, "params") == 0) {
        a->params = value;
        return -1;
    }
    if (strcmp(option->long_name, "format") == 0) {
        if (strcmp(value, "onnx") != 0 && strcmp(value, "nnef") != 0 && strcmp(value, "nnvm") != 0 &&
            strcmp(value, "tosa") != 0)
            return cli_usage_error(p, "--format wants onnx, nnef, nnvm or tosa, got '%s'", value);
        a->format = value;
        return -1;
    }
    if (strncmp(option->long_name, "max-", 4) == 0)
        return limit_option(p, option->long_name, value, &a->limits);
    if (strcmp(option->long_name, "input-shape") == 0)
        return cli_model_parse_shape(p, a, value);
    if (strcmp(option->long_name, "dim") == 0) {
        char *eq = strchr(value, '='); /* argv's own string: the name ends there */
        long extent;
        if (!eq || eq == value || !cli_parse_long(eq + 1, 0, UINT32_MAX, &extent))
            return cli_usage_error(p, "--dim wants NAME=N (N from 0 to %u), got '%s'", UINT32_MAX, value);
        if (a->dim_count == sizeof a->dims / sizeof a->dims[0])
            return cli_usage_error(p, "--dim is given more than %zu times", sizeof a->dims / sizeof a->dims[0]);
        *eq = '\0';
        for (uint32_t k = 0; k < a->dim_count; k++)
            if (strcmp(a->dims[k].name, value) == 0)
                return cli_usage_error(p, "--dim '%s' given twice", value);
        a->dims[a->dim_count++] = (nnx_dim_binding){value, (uint32_t)extent};
        return -1;
    }
    if (strcmp(option->long_name, "seed") == 0) {
        unsigned long long v;
        char *end;
        errno = 0;
        v = value[0] >= '0' && value[0] <= '9' ? strtoull(value, &end, 10) : 0;
        if (value[0] < '0' || value[0] > '9' || errno || *end)
            return cli_usage_error(p, "--seed wants a decimal integer from 0 to 2^64 - 1, got '%s'", value);
        a->seed = v;
        return -1;
    }
    return NNX_EXIT_USAGE;
}

nnx_model_options cli_model_options(const cli_model_args *a)
{
    return (nnx_model_options){.flags = a->flags,
                               .input_shapes = a->shapes,
                               .input_shape_count = a->shape_count,
                               .params_path = a->params,
                               .seed = a->seed,
                               .dims = a->dims,
                               .dim_count = a->dim_count,
                               .format = a->format,
                               .max_depth = a->limits.max_depth,
                               .max_names = a->limits.max_names,
                               .max_operations = a->limits.max_operations,
                               .max_elements = a->limits.max_elements,
                               .max_archive_bytes = a->limits.max_archive_bytes,
                               .max_archive_ratio = a->limits.max_archive_ratio};
}
