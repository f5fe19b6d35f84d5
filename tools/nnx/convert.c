/* convert.c — `nnx convert IN OUT`: read a model and write it where OUT's ending says
 * (nnx_model_save_with; include/nnx.h, "saving"): NNEF as a folder, .tar, .tgz or .tar.gz
 * (a flat graph.nnef with its tensor files, copied bit for bit), NNVM graph JSON for .json,
 * a TOSA flatbuffer for .tosa. A folder that holds files is replaced only with --force. Names
 * the target changed (nnx_save_options.on_rename) are said on stderr when an input or output
 * is among them, and all written as JSON with --tensor-map. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char kUsage[] = "Usage: nnx convert [OPTIONS] IN OUT\n"
                             "       nnx convert [OPTIONS] IN -o OUT\n";

static const char kHelp[] = "\n"
                            "Read the model IN (any format nnx reads) and write it to OUT, in the format OUT's\n"
                            "ending names:\n"
                            "  .tgz, .tar.gz, .tar  NNEF in an archive: a flat graph.nnef (compound operations\n"
                            "                       expanded, every argument written out), graph.quant if the\n"
                            "                       model has quantization info, and the variables' .dat files\n"
                            "  a folder             the same NNEF files in a folder: OUT ends in '/', is an\n"
                            "                       existing folder, or its name has no extension or ends in\n"
                            "                       .nnef (missing parents are made)\n"
                            "  .json                NNVM graph JSON, its weights in OUT's .params (exit 3 naming\n"
                            "                       an operation NNVM cannot express)\n"
                            "  .tosa                a TOSA 1.0 flatbuffer: a .tosa model as it was read, a graph\n"
                            "                       of TOSA operators (NNEF tosa_* fragments) operator for\n"
                            "                       operator, float32 ONNX or NNEF operations legalized to TOSA\n"
                            "                       (exit 3 naming an operation TOSA cannot express)\n"
                            "Any other ending is refused (exit 3). OUT is written under a temporary name beside\n"
                            "it and renamed into place when complete: a conversion that fails leaves the\n"
                            "previous OUT as it was. A folder OUT that holds files is refused (exit 2) unless\n"
                            "--force is given; its content is then replaced, not mixed with the new files.\n"
                            "\n"
                            "Names (inputs, outputs, weights, tensors) are kept where OUT's format allows them\n"
                            "and changed where it does not (NNEF identifiers: 'input:0' becomes 'input_0'); when\n"
                            "an input or output name changed, one line on stderr says so. `nnx run` on OUT\n"
                            "accepts either name.\n"
                            "\n"
                            "Options:\n"
                            "  -o, --output OUT\n"
                            "                 where to write (instead of the second operand)\n"
                            "  -f, --force    replace the content of an existing folder OUT\n"
                            "      --tensor-map FILE\n"
                            "                 write every changed name as a JSON object {\"old\": \"new\", ...}\n"
                            "                 to FILE ({} when none changed)\n" CLI_MODEL_HELP
                            "  -h, --help     show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model or a failure to write OUT, 2 usage error,\n"
                            "3 format not supported, 4 out of memory.\n";

/* The names the save changed, in the order reported. */
typedef struct rename_list {
    struct {
        nnx_name_kind kind;
        char *old_name, *new_name;
    } * items;
    size_t n, cap;
    bool failed; /* out of memory: the list is incomplete */
} rename_list;

static void on_rename(void *user, nnx_name_kind kind, const char *old_name, const char *new_name)
{
    rename_list *l = user;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        void *items = cap > l->cap ? realloc(l->items, cap * sizeof *l->items) : NULL;
        if (!items) {
            l->failed = true;
            return;
        }
        l->items = items;
        l->cap = cap;
    }
    char *o = strdup(old_name), *n = strdup(new_name);
    if (!o || !n) {
        free(o);
        free(n);
        l->failed = true;
        return;
    }
    l->items[l->n].kind = kind;
    l->items[l->n].old_name = o;
    l->items[l->n++].new_name = n;
}

static void rename_list_free(rename_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].old_name);
        free(l->items[i].new_name);
    }
    free(l->items);
}

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0 when s does not start one. */
static size_t utf8_length(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || (n == 2 && s[0] < 0xC2) || (n == 4 && s[0] > 0xF4))
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, a surrogate, or past U+10FFFF */
    return n;
}

/* s as a JSON string (RFC 8259 §7): '"', '\\' and control characters escaped, valid UTF-8
 * as it is; a byte that is not part of valid UTF-8 is written as the code point of the same
 * value (\u00XX), so the file is always valid JSON. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_length(p);
        if (n == 1 && (*p == '"' || *p == '\\'))
            fprintf(f, "\\%c", *p);
        else if (n == 1 && *p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else if (n > 0)
            fwrite(p, 1, n, f);
        else
            fprintf(f, "\\u%04x", *p);
        p += n ? n : 1;
    }
    fputc('"', f);
}

/* {"old": "new", ...} of every changed name, one pair a line; false when it cannot be written. */
static bool write_tensor_map(const char *path, const rename_list *l)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs("{", f);
    for (size_t i = 0; i < l->n; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        json_string(f, l->items[i].old_name);
        fputs(": ", f);
        json_string(f, l->items[i].new_name);
    }
    fputs(l->n ? "\n}\n" : "}\n", f);
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

/* The format OUT's ending names (include/nnx.h, "saving"), for the message. */
static const char *format_of(const char *path)
{
    static const char *const endings[][2] = {{".json", "NNVM"}, {".onnx", "ONNX"}, {".tosa", "TOSA"}};
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        size_t k = strlen(endings[i][0]);
        if (n > k && strcasecmp(path + n - k, endings[i][0]) == 0)
            return endings[i][1];
    }
    return "NNEF";
}

/* One line on stderr when an input or output name changed: how many, the first few. */
static void say_renames(const rename_list *l, const char *out, const char *map)
{
    size_t changed = 0, shown = 0;
    for (size_t i = 0; i < l->n; i++)
        changed += l->items[i].kind == NNX_NAME_INPUT || l->items[i].kind == NNX_NAME_OUTPUT;
    if (!changed)
        return;
    fprintf(stderr, "nnx: %zu input/output name%s changed for %s (", changed, changed == 1 ? "" : "s", format_of(out));
    for (size_t i = 0; i < l->n && shown < 3; i++)
        if (l->items[i].kind == NNX_NAME_INPUT || l->items[i].kind == NNX_NAME_OUTPUT)
            fprintf(stderr, "%s%s -> %s", shown++ ? ", " : "", l->items[i].old_name, l->items[i].new_name);
    if (map)
        fprintf(stderr, "%s); %s lists every changed name\n", changed > shown ? ", ..." : "", map);
    else
        fprintf(stderr, "%s); --tensor-map FILE writes them all\n", changed > shown ? ", ..." : "");
}

/* A folder holding entries: refused without --force. Said here, before the model is loaded
 * (which may take long), and naming the option; nnx_model_save_with refuses it too. */
static bool is_full_folder(const char *path)
{
    DIR *d = opendir(path);
    bool full = false;
    for (struct dirent *de; d && !full && (de = readdir(d)) != NULL;)
        full = strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    if (d)
        closedir(d);
    return full;
}

int cmd_convert(int argc, char **argv)
{
    static const cli_option options[] = {
        {"help", 'h', false}, {"force", 'f', false}, {"tensor-map", 0, true}, {"output", 'o', true}, CLI_MODEL_OPTIONS};
    cli_model_args a = {0};
    cli_parser p;
    cli_init(&p, "nnx convert", kUsage, argc, argv);

    const char *paths[2] = {NULL, NULL};
    int path_count = 0;
    bool force = false;
    const char *value, *map = NULL, *output = NULL;
    int opt, rc = -1;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        if (opt == 0) {
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
        } else if (opt == 1) {
            force = true;
        } else if (opt == 2) {
            map = value;
        } else if (opt == 3 && output) {
            rc = cli_usage_error(&p, "-o given twice");
        } else if (opt == 3) {
            output = value;
        } else if (opt != CLI_POSITIONAL) {
            rc = opt > 0 ? cli_model_option(&p, &options[opt], value, &a) : NNX_EXIT_USAGE;
        } else if (path_count == 2) {
            rc = cli_usage_error(&p, "unexpected argument '%s'", value);
        } else {
            paths[path_count++] = value;
        }
    }
    if (rc < 0 && output && path_count == 2)
        rc = cli_usage_error(&p, "OUT given twice: as -o %s and as '%s'", output, paths[1]);
    else if (rc < 0 && output && path_count == 1)
        paths[path_count++] = output;
    if (rc < 0 && path_count < 2)
        rc = cli_usage_error(&p, path_count == 0 ? "missing IN and OUT" : "missing OUT");
    if (rc < 0 && map && cli_check_output_path("nnx convert", "--tensor-map", map, false) != NNX_EXIT_OK)
        rc = NNX_EXIT_USAGE; /* said before the model is loaded */
    if (rc < 0 && !force && is_full_folder(paths[1]))
        rc = cli_usage_error(&p, "%s: the folder is not empty; give --force to replace its content", paths[1]);
    if (rc >= 0) { /* --help printed, or a usage error reported */
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *model;
    rc = cli_load_model(paths[0], &a, &ctx, &model);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
    rename_list renames = {0};
    nnx_save_options save = {.flags = force ? NNX_SAVE_REPLACE : 0, .on_rename = on_rename, .rename_user = &renames};
    cli_phase_begin("writing");
    nnx_status st = nnx_model_save_with(model, paths[1], &save);
    cli_phase_end();
    rc = cli_exit_code(st);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    else if (renames.failed && map) {
        fprintf(stderr, "nnx convert: out of memory listing the changed names\n");
        rc = NNX_EXIT_INVALID_MODEL;
    } else if (map && !write_tensor_map(map, &renames)) {
        fprintf(stderr, "%s: error: cannot write the tensor map: %s\n", map, strerror(errno));
        rc = NNX_EXIT_INVALID_MODEL;
    } else
        say_renames(&renames, paths[1], map);
    rename_list_free(&renames);
    nnx_context_destroy(ctx);
    return rc;
}
