/* fuzz_nnef_archive.c — libFuzzer target fuzz-nnef-archive: a whole NNEF model file as
 * nnx_model_load sees it (a .tgz or .tar archive told by its magic, else a lone graph.nnef):
 * the container reader, then parsing, fragment expansion and checking, under small limits
 * (nnx_load_limits) so that a hostile input is refused quickly. The bytes go to a file of
 * this process's own, as the reader takes a path. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "formats/nnef/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

static char path[64];

static void remove_file(void) { unlink(path); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) { /* one file per process, removed when it exits */
        snprintf(path, sizeof path, "/tmp/fuzz-nnef-archive-%ld.bin", (long)getpid());
        atexit(remove_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    bool written = fwrite(data, 1, size, f) == size;
    if (fclose(f) != 0 || !written)
        return 0;
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    /* the limits a fuzzer input may reach quickly; each is a documented refusal */
    nnx_nnef_load_options o = {.zero_missing_variables = true,
                               .limits = {.depth = 100,
                                          .names = 1u << 14,
                                          .operations = 1u << 14,
                                          .elements = 1u << 20,
                                          .archive_bytes = 1u << 24,
                                          .archive_ratio = 100}};
    nnx_nnef_model *m = NULL;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_model_load(path, &o, &alloc, &m, &err);
    if (st == NNX_OK)
        check(m != NULL);
    else
        check(m == NULL && err.message[0] != '\0');
    nnx_nnef_model_free(m);
    return 0;
}
