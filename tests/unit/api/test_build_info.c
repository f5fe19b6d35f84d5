/* test_build_info.c — nnx_kernel_level, nnx_default_threads and nnx_formats, and the
 * environment variable NNX_CPU_LEVEL: a level name caps the kernels; any other value makes
 * nnx_kernel_level NULL and every graph build fail naming the valid values (the level is read
 * once per process, so each case runs in a child process with its own environment). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <nnx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Builds relu(x) on one float; the status of nnx_builder_build, the message in msg. */
static nnx_status build_relu(char *msg, size_t room)
{
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 1, .shape = {1}};
    nnx_named_operand out = {"y", nnx_builder_relu(b, nnx_builder_input(b, "x", &d), NULL)};
    nnx_graph *g = NULL;
    nnx_status st = nnx_builder_build(b, &out, 1, &g);
    snprintf(msg, room, "%s", nnx_builder_error(b));
    nnx_context_destroy(ctx);
    return st;
}

/* Runs check(level) in a child whose NNX_CPU_LEVEL is value (NULL: unset); the child's exit
 * status is the number of failed expectations. */
static int in_child(const char *value, int (*check)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (value)
            setenv("NNX_CPU_LEVEL", value, 1);
        else
            unsetenv("NNX_CPU_LEVEL");
        _exit(check());
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

static int bad_level_refused(void)
{
    char msg[512];
    int failed = nnx_kernel_level() != NULL;
    nnx_status st = build_relu(msg, sizeof msg);
    failed += st != NNX_ERROR_INVALID_ARGUMENT;
    failed += strstr(msg, "NNX_CPU_LEVEL='avx3'") == NULL;
    failed += strstr(msg, "reference, generic, avx2 or avx512") == NULL;
    if (failed)
        fprintf(stderr, "status %d, message: %s\n", (int)st, msg);
    return failed;
}

static int generic_level_used(void)
{
    char msg[512];
    const char *level = nnx_kernel_level();
    return (level == NULL || strcmp(level, "generic") != 0) + (build_relu(msg, sizeof msg) != NNX_OK);
}

static int reference_level_used(void)
{
    const char *level = nnx_kernel_level();
    return level == NULL || strcmp(level, "reference") != 0;
}

static int default_level_builds(void)
{
    char msg[512];
    const char *level = nnx_kernel_level();
    int known = level && (strcmp(level, "avx512") == 0 || strcmp(level, "avx2") == 0 || strcmp(level, "generic") == 0);
    return !known + (build_relu(msg, sizeof msg) != NNX_OK);
}

static void test_bad_level(void **state)
{
    (void)state;
    assert_int_equal(in_child("avx3", bad_level_refused), 0);
}

static void test_level_names(void **state)
{
    (void)state;
    assert_int_equal(in_child("generic", generic_level_used), 0);
    assert_int_equal(in_child("reference", reference_level_used), 0);
    assert_int_equal(in_child(NULL, default_level_builds), 0);
}

static void test_threads_and_formats(void **state)
{
    (void)state;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    assert_int_equal(nnx_default_threads(), (uint32_t)(cores > 0 ? cores : 1));
    const char *formats = nnx_formats();
    assert_non_null(formats);
    assert_non_null(strstr(formats, "nnef"));
    assert_non_null(strstr(formats, "tosa"));
    assert_ptr_equal(formats, nnx_formats()); /* one string for the process */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_level),
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_threads_and_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
