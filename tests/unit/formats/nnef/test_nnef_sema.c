/* test_nnef_sema.c — the NNEF semantic checker (formats/nnef/sema.h): one invalid document
 * per semantic rule of NNEF 1.0.2 §3.3 and chapter 6 (rows 8-45, 47, 48) with its exact diagnostic,
 * the standard library and the spec's example documents as positive cases, compositional
 * documents with generics, comprehensions, if-else and tuples, and allocation failure at
 * every allocation of a mid-size check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/counting_alloc.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/syntax/registry.h"
#include "formats/nnef/check/sema.h"
#include "formats/nnef/check/types.h"

#define H "version 1.0;\nextension KHR_enable_fragment_definitions, KHR_enable_operator_expressions;\n"
/* A graph for documents whose error is in a fragment (lines 1-2 are H). */
#define G0 "graph g(x) -> (y)\n{\n    x = external(shape = [1]);\n    y = relu(x);\n}\n"
/* A graph whose body continues at line 6 (after H, the header, '{' and the external). */
#define GB(body) H "graph g(x) -> (y)\n{\n    x = external(shape = [1]);\n" body "}\n"

/* ---- helpers ---------------------------------------------------------------------------- */

static nnx_alloc libc_alloc;

/* Parses text as "t.nnef" (or name), builds the registry and checks; err gets the message. */
static nnx_status check_text(const char *text, const char *name, const nnx_alloc *alloc, nnx_error *err)
{
    nnx_nnef_document *doc = NULL;
    nnx_nnef_registry reg;
    nnx_error_clear(err);
    nnx_status st = nnx_nnef_parse(text, strlen(text), name ? name : "t.nnef", alloc, &doc, err);
    if (st != NNX_OK)
        return st;
    st = nnx_nnef_registry_init(&reg, doc, alloc, err);
    if (st == NNX_OK) {
        st = nnx_nnef_check(doc, &reg, err);
        nnx_nnef_registry_free(&reg);
    }
    nnx_nnef_document_free(doc);
    return st;
}

static char *read_file(const char *dir, const char *name)
{
    char path[1024];
    const char *here = __FILE__, *slash = strrchr(here, '/');
    int n = slash ? (int)(slash - here) : 0;
    snprintf(path, sizeof path, "%.*s/../../../data/%s/%s", n, here, dir, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

/* ---- one invalid document per semantic rule of NNEF §3.3 and chapter 6 ---------------- */

typedef struct invalid_case {
    const char *row;
    const char *text;
    const char *message;
} invalid_case;

static const invalid_case invalid_cases[] = {
    /* Row 8: duplicate fragment names (D1, found while building the registry). */
    {"8 redefined standard operation", H "fragment relu(x: tensor<scalar>) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:10: error: fragment 'relu' redefines a standard operation"},
    {"8 duplicate fragment",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>);\nfragment f(x: tensor<scalar>) -> (y: "
       "tensor<scalar>);\n" G0,
     "t.nnef:4:10: error: fragment 'f' is already defined at line 3"},
    /* Row 9: D2. */
    {"9 duplicate parameter", H "fragment f(x: tensor<scalar>, n: integer, x: scalar) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:43: error: 'x' is declared twice in fragment 'f' (first at line 3): parameter and result names must be "
     "unique"},
    {"9 result named like a parameter", H "fragment f(x: tensor<scalar>) -> (x: tensor<scalar>);\n" G0,
     "t.nnef:3:35: error: 'x' is declared twice in fragment 'f' (first at line 3): parameter and result names must be "
     "unique"},
    /* Row 10: D3. */
    {"10 tensor after attribute", H "fragment f(n: integer, x: tensor<scalar>) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:24: error: tensor parameter 'x' of fragment 'f' follows attribute 'n': tensor parameters must come "
     "before attributes"},
    /* Row 11: D4. */
    {"11 attribute result", H "fragment f(x: tensor<scalar>) -> (y: integer);\n" G0,
     "t.nnef:3:38: error: result 'y' of fragment 'f' has type integer: fragment results must be tensors"},
    /* Row 12: D5 (there is no integer -> scalar cast, NNEF 1.0.2 §3.3.1, decision 11). */
    {"12 default not castable", H "fragment f(x: tensor<scalar>, alpha: scalar = 1) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:47: error: the default value of parameter 'alpha' of fragment 'f' has type integer, which cannot be "
     "cast to scalar"},
    {"12 default array not castable",
     H "fragment f(x: tensor<scalar>, size: integer[] = [1.0]) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:49: error: the default value of parameter 'size' of fragment 'f' has type scalar[], which cannot be "
     "cast to integer[]"},
    /* Row 13: D6. */
    {"13 '?' without <?>", H "fragment f(x: tensor<?>) -> (y: tensor<?>);\n" G0,
     "t.nnef:3:22: error: '?' is used in fragment 'f', which is not declared generic (declare it as 'f<?>')"},
    {"13 <?> without '?'", H "fragment f<?>(x: tensor<scalar>) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:10: error: fragment 'f' is declared generic but none of its parameters or results uses '?'"},
    {"13 generic default '?'", H "fragment f<? = ?>(x: tensor<?>) -> (y: tensor<?>);\n" G0,
     "t.nnef:3:16: error: the default of the generic type of 'f' must be a primitive type, not '?'"},
    /* Row 14. */
    {"14 tuple mixing tensors and attributes",
     H "fragment f(p: (tensor<scalar>, integer)) -> (y: tensor<scalar>);\n" G0,
     "t.nnef:3:15: error: tuple type (tensor<scalar>,integer) of 'p' mixes tensor and non-tensor items"},
    /* Row 15. */
    {"15 unbound result", H "fragment f(x: tensor<scalar>) -> (y: tensor<>);\n" G0,
     "t.nnef:3:38: error: result 'y' of fragment 'f' has the unbound type tensor<>: only parameters may be unbound "
     "tensors"},
    /* Rows 16-25: invocations (I1-I11). */
    {"16 unknown operation", GB("    y = rleu(x);\n"),
     "t.nnef:6:9: error: unknown operation 'rleu': neither a standard operation nor a fragment of this document"},
    {"17 too many arguments", GB("    y = relu(x, x);\n"),
     "t.nnef:6:17: error: too many arguments: 'relu' has 1 parameter"},
    {"18 missing argument", GB("    y = sum_reduce(x);\n"),
     "t.nnef:6:9: error: missing argument 'axes' of 'sum_reduce': the parameter has no default value"},
    {"19 positional after named", GB("    y = conv(x, filter = x, x);\n"),
     "t.nnef:6:29: error: positional argument after named arguments in the invocation of 'conv': positional arguments "
     "come first"},
    {"20 unknown named argument", GB("    y = relu(x, alpha = 1.0);\n"),
     "t.nnef:6:17: error: 'relu' has no parameter named 'alpha'"},
    {"21 duplicate named argument", GB("    y = sum_reduce(x, axes = [1], axes = [0]);\n"),
     "t.nnef:6:35: error: argument 'axes' of 'sum_reduce' is given twice"},
    {"22 named repeats positional", GB("    y = conv(x, x, input = x);\n"),
     "t.nnef:6:20: error: argument 'input' of 'conv' is already given positionally"},
    {"23 attribute passed positionally", GB("    y = sum_reduce(x, [1]);\n"),
     "t.nnef:6:23: error: argument 'axes' of 'sum_reduce' must be named: only tensor arguments may be positional"},
    {"24 <?> outside a generic fragment", GB("    y = copy<?>(x);\n"),
     "t.nnef:6:14: error: '<?>' may only be used inside a generic fragment, to pass its type on"},
    {"24 generic type not deducible",
     H "fragment make<?>(n: integer) -> (y: tensor<?>);\ngraph g(x) -> (y)\n{\n    x = external(shape = [1]);\n"
       "    y = make(n = 1);\n}\n",
     "t.nnef:7:9: error: cannot deduce the generic type of 'make' from its arguments: give it explicitly, as in "
     "make<scalar>(...)"},
    {"24 generic type ambiguous",
     H "fragment buzz<?>(input: tensor<?>, param: ?) -> (output: tensor<?>);\ngraph g(x) -> (y)\n{\n"
       "    x = external(shape = [1]);\n    y = buzz(x, param = 1);\n}\n",
     "t.nnef:7:9: error: the generic type of 'buzz' is ambiguous: its arguments make it both integer and scalar"},
    {"24 type argument of a non-generic operation", GB("    y = relu<scalar>(x);\n"),
     "t.nnef:6:14: error: 'relu' is not generic, so it takes no type argument"},
    /* Rows 26-34: type agreement. */
    {"26 integer to tensor<scalar>", GB("    y = mul(x, 2);\n"),
     "t.nnef:6:16: error: argument 'y' of 'mul' has type integer, which cannot be cast to tensor<scalar>"},
    {"26 integer[] to scalar[] (default generic type)", GB("    y = constant(shape = [2], value = [1, 2]);\n"),
     "t.nnef:6:39: error: argument 'value' of 'constant' has type integer[], which cannot be cast to scalar[]"},
    {"27 mixed integer and scalar", GB("    y = pow(x, 1 + 2.0);\n"),
     "t.nnef:6:18: error: operator '+' is not defined for operands of type integer and scalar (integers are not "
     "converted to scalars implicitly)"},
    {"27 logical operator on a scalar", GB("    y = pow(x, !1.0);\n"),
     "t.nnef:6:16: error: operator '!' is not defined for an operand of type scalar"},
    {"27 tensor operator checked as its fragment", GB("    y = x * 2;\n"),
     "t.nnef:6:13: error: argument 'y' of 'mul' (operator '*') has type integer, which cannot be cast to "
     "tensor<scalar>"},
    {"28 == on different types", GB("    y = select(1 == 1.0, x, x);\n"),
     "t.nnef:6:18: error: operator '==' needs two operands of the same primitive type, found integer and scalar"},
    {"29 array items without common type", GB("    y = sum_reduce(x, axes = [1, 'a']);\n"),
     "t.nnef:6:34: error: array items have no common type: integer and string"},
    {"30 non-logical condition", GB("    y = x if 1 else x;\n"),
     "t.nnef:6:14: error: the condition of an if-else expression must be logical, found integer"},
    {"31 non-integer index", GB("    y = [x, x][1.0];\n"),
     "t.nnef:6:16: error: an index must be an integer, found scalar"},
    {"32 non-literal tuple subscript",
     H "fragment f(t: (tensor<scalar>, tensor<scalar>), i: integer) -> (y: tensor<scalar>)\n{\n    y = t[i];\n}\n" G0,
     "t.nnef:5:11: error: a tuple subscript must be an integer literal, not an expression"},
    {"32 tuple subscript out of range",
     H "fragment f(t: (tensor<scalar>, tensor<scalar>)) -> (y: tensor<scalar>)\n{\n    y = t[2];\n}\n" G0,
     "t.nnef:5:11: error: tuple index 2 is out of range: the tuple has 2 items"},
    {"33 comprehension lengths differ", GB("    y = concat([for i in [x, x], j in [x] yield i], axis = 1);\n"),
     "t.nnef:6:39: error: the iterated arrays of a comprehension must have the same length: 'i' has 2 items, 'j' has "
     "1"},
    {"34 invalid cast string", GB("    y = sum_reduce(x, axes = [integer('x')]);\n"),
     "t.nnef:6:39: error: 'x' is not a valid integer literal, so integer() cannot convert it"},
    /* Rows 35-45: identifiers and assignments. */
    {"35 assignment to a parameter",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    x = relu(x);\n    y = x;\n}\n" G0,
     "t.nnef:5:5: error: cannot assign to 'x': it is a parameter of fragment 'f', and parameters are read-only"},
    {"36 assigned twice", GB("    y = relu(x);\n    y = relu(x);\n"),
     "t.nnef:7:5: error: 'y' is assigned twice (first at line 6): an identifier is assigned only once"},
    {"37 used before definition", GB("    y = relu(z);\n    z = relu(x);\n"),
     "t.nnef:6:14: error: 'z' is used before it is assigned (at line 7)"},
    {"37 undefined", GB("    y = relu(w);\n"), "t.nnef:6:14: error: undefined identifier 'w'"},
    {"38 result never assigned",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>, z: tensor<scalar>)\n{\n    y = relu(x);\n}\n" G0,
     "t.nnef:3:54: error: result 'z' of fragment 'f' is never assigned: each result is assigned exactly once"},
    {"38 result assigned twice",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    y = relu(x);\n    y = relu(x);\n}\n" G0,
     "t.nnef:6:5: error: 'y' is assigned twice (first at line 5): an identifier is assigned only once"},
    {"39 graph parameter not defined by external", H "graph g(x) -> (y)\n{\n    x = relu(1.0);\n    y = relu(x);\n}\n",
     "t.nnef:5:5: error: graph parameter 'x' must be defined by 'external', not by 'relu'"},
    {"39 graph parameter never defined",
     H "graph g(x, w) -> (y)\n{\n    x = external(shape = [1]);\n    y = relu(x);\n}\n",
     "t.nnef:3:12: error: graph parameter 'w' is never defined: it needs 'w = external(...)'"},
    {"39 external not a graph parameter", GB("    z = external(shape = [1]);\n    y = relu(x);\n"),
     "t.nnef:6:5: error: 'z' is defined by 'external' but is not a parameter of graph 'g'"},
    {"39 nested external", GB("    y = relu(external(shape = [1]));\n"),
     "t.nnef:6:14: error: the result of 'external' must be assigned directly to a graph parameter, as in 'x = "
     "external(...)'"},
    {"40 external in a fragment",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    y = external(shape = [1]);\n}\n" G0,
     "t.nnef:5:9: error: 'external' may only be used in the graph body, not inside fragment 'f'"},
    {"40 variable in a fragment",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    y = variable(shape = [1], label = 'w');\n}\n" G0,
     "t.nnef:5:9: error: 'variable' may only be used in the graph body, not inside fragment 'f'"},
    {"40 update in a fragment",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    y = update(x, x);\n}\n" G0,
     "t.nnef:5:9: error: 'update' may only be used in the graph body, not inside fragment 'f'"},
    {"41 attribute identifier in the graph", GB("    n = 3;\n    y = relu(x);\n"),
     "t.nnef:6:5: error: 'n' has type integer: identifiers in the graph body must be single tensors"},
    {"41 tensor array identifier in the graph", GB("    a = [x, x];\n    y = relu(x);\n"),
     "t.nnef:6:5: error: 'a' has type tensor<scalar>[]: identifiers in the graph body must be single tensors"},
    {"42 array result to an identifier", GB("    y = split(x, axis = 0, ratios = [1, 1]);\n"),
     "t.nnef:6:5: error: 'y' receives an array of tensors from 'split': the left-hand side must be an array of "
     "identifiers, as in [a, b]"},
    {"42 several results to an identifier", GB("    m = moments(x, axes = [0]);\n    y = x;\n"),
     "t.nnef:6:5: error: 'm' receives 2 results from 'moments': the left-hand side must be a tuple of 2 identifiers"},
    {"42 single tensor to an array", GB("    [a, b] = relu(x);\n    y = a;\n"),
     "t.nnef:6:5: error: cannot unpack a value of type tensor<scalar> into an array of identifiers"},
    {"43 tuple unpack count",
     H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    a, b, c = (x, x);\n    y = a;\n}\n" G0,
     "t.nnef:5:5: error: cannot unpack a tuple of 2 items into 3 identifiers"},
    {"43 result unpack count", GB("    a, b, c = moments(x, axes = [0]);\n    y = a;\n"),
     "t.nnef:6:5: error: cannot unpack a tuple of 2 items into 3 identifiers"},
    {"43 array unpack count", GB("    [a, b] = [x, x, x];\n    y = a;\n"),
     "t.nnef:6:5: error: cannot unpack an array of 3 items into 2 identifiers"},
    {"44 chained multi-result operation", GB("    y = relu(moments(x, axes = [0]));\n"),
     "t.nnef:6:14: error: 'moments' cannot be chained: only an operation returning a single tensor may be used inside "
     "an expression"},
    {"44 chained array result", GB("    y = concat(split(x, axis = 0, ratios = [1, 1]), axis = 0);\n"),
     "t.nnef:6:16: error: 'split' cannot be chained: only an operation returning a single tensor may be used inside an "
     "expression"},
    {"45 graph result never assigned",
     H "graph g(x) -> (y, z)\n{\n    x = external(shape = [1]);\n    y = relu(x);\n}\n",
     "t.nnef:3:19: error: graph result 'z' is never assigned"},
    /* Row 47: variable labels (U12). */
    {"47 empty label", GB("    v = variable(shape = [1], label = '');\n    y = v;\n"),
     "t.nnef:6:39: error: a variable label must not be empty"},
    {"47 label character", GB("    v = variable(shape = [1], label = 'a b');\n    y = v;\n"),
     "t.nnef:6:39: error: variable label 'a b' contains ' ', which is not allowed (labels use letters, digits and _ - "
     ". / \\)"},
    {"47 shared label, other shape",
     GB("    v = variable(shape = [2, 3], label = 'W');\n    w = variable(shape = [3, 2], label = 'w');\n    y = v;\n"),
     "t.nnef:7:42: error: variable label 'w' is also used at line 6 (labels ignore case), where the shape is [2,3], "
     "not [3,2]"},
    /* Row 48: update (U11). */
    {"48 updated twice",
     GB("    v = variable(shape = [1], label = 'v');\n    a = update(v, x);\n    b = update(v, x);\n    y = a;\n"),
     "t.nnef:8:16: error: variable 'v' is updated twice (first at line 7): a variable may be updated only once"},
    {"48 update target not a variable", GB("    a = update(x, x);\n    y = a;\n"),
     "t.nnef:6:16: error: the first argument of 'update' must be a variable: 'x' is not the result of 'variable'"},
    {"48 update of an update result",
     GB("    v = variable(shape = [1], label = 'v');\n    a = update(v, x);\n    b = update(a, x);\n    y = b;\n"),
     "t.nnef:8:16: error: the first argument of 'update' must be a variable: 'a' is not the result of 'variable'"},
};

/* Further type rules of §1.7-1.9 and §2.1 that the table's rows do not name. */
static const invalid_case more_invalid_cases[] = {
    {"result type", H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n{\n    y = 'a';\n}\n" G0,
     "t.nnef:5:5: error: cannot assign a value of type string to result 'y' of type tensor<scalar>"},
    {"if-else branches", GB("    y = x if true else 'a';\n"),
     "t.nnef:6:24: error: the branches of an if-else expression have no common type: tensor<scalar> and string"},
    {"comprehension filter", GB("    y = concat([for i in [x] if 1 yield i], axis = 0);\n"),
     "t.nnef:6:33: error: the condition of a comprehension must be logical, found integer"},
    {"comprehension over a non-array", GB("    y = concat([for i in 3 yield x], axis = 0);\n"),
     "t.nnef:6:26: error: loop iterator 'i' must iterate over an array with typed items, found integer"},
    {"in on tensors", GB("    y = x if x in [x] else x;\n"),
     "t.nnef:6:16: error: operator 'in' applies to attribute values, not to tensors"},
    {"in without an array", GB("    y = x if 1 in 2 else x;\n"),
     "t.nnef:6:19: error: operator 'in' needs an array on its right, found integer"},
    {"length_of a scalar", GB("    y = x if length_of(1.0) > 0 else x;\n"),
     "t.nnef:6:24: error: length_of() is not defined for an argument of type scalar"},
    {"cast of a tensor", GB("    y = x if logical(x) else x;\n"),
     "t.nnef:6:22: error: logical() is not defined for an argument of type tensor<scalar>"},
    {"subscripted tensor", GB("    y = x[0];\n"),
     "t.nnef:6:10: error: a value of type tensor<scalar> cannot be subscripted (only arrays, tuples and strings can)"},
    {"range bound", GB("    y = [x, x][0:'a'][0];\n"),
     "t.nnef:6:18: error: a subscript range bound must be an integer, found string"},
    {"scalar cast string", GB("    y = pow(x, scalar('1.5e'));\n"),
     "t.nnef:6:23: error: '1.5e' is not a valid scalar literal, so scalar() cannot convert it"},
    {"integer tensor to scalar tensor",
     H "graph g(x) -> (y)\n{\n    x = external<integer>(shape = [1]);\n    y = relu(x);\n}\n",
     "t.nnef:6:14: error: argument 'x' of 'relu' has type tensor<integer>, which cannot be cast to tensor<scalar>"},
    {"defaulted generic is not deduced (NNEF 1.0.2 §3.3.1, §3.3.2, decision 12)",
     GB("    c = constant(shape = [1], value = [true]);\n    y = x;\n"),
     "t.nnef:6:39: error: argument 'value' of 'constant' has type logical[], which cannot be cast to scalar[]"},
    {"generic default that does not fit",
     H "fragment f<?>(x: tensor<?>, v: ? = 1.0) -> (y: tensor<?>);\ngraph g(x) -> (y)\n{\n"
       "    x = external<integer>(shape = [1]);\n    y = f(x);\n}\n",
     "t.nnef:7:9: error: the default value of parameter 'v' of 'f' has type scalar, which cannot be cast to integer "
     "(the generic type is integer)"},
    {"generic body: '?' is one unknown type",
     H "fragment f<?>(x: tensor<?>) -> (y: tensor<?>)\n{\n    y = relu(x);\n}\n" G0,
     "t.nnef:5:14: error: argument 'x' of 'relu' has type tensor<?>, which cannot be cast to tensor<scalar>"},
    {"graph parameter listed twice", H "graph g(x, x) -> (y)\n{\n    x = external(shape = [1]);\n    y = relu(x);\n}\n",
     "t.nnef:3:12: error: graph parameter 'x' is listed twice"},
    {"graph parameter used before external",
     H "graph g(x) -> (y)\n{\n    y = relu(x);\n    x = external(shape = [1]);\n}\n",
     "t.nnef:5:14: error: 'x' is used before it is assigned (at line 6)"},
    {"comprehension iterator declared twice", GB("    y = concat([for i in [x], i in [x] yield i], axis = 0);\n"),
     "t.nnef:6:31: error: loop iterator 'i' is declared twice in this comprehension"},
};

static void run_invalid(const invalid_case *c)
{
    nnx_error err;
    nnx_status st = check_text(c->text, NULL, &libc_alloc, &err);
    if (st != NNX_ERROR_INVALID_MODEL || strcmp(err.message, c->message) != 0)
        print_error("case '%s':\n  got (%d) %s\n  want %s\n", c->row, (int)st, err.message, c->message);
    assert_int_equal(st, NNX_ERROR_INVALID_MODEL);
    assert_string_equal(err.message, c->message);
}

static void test_invalid(void **state) { run_invalid(*state); }

/* Row 25: built-ins take one positional argument. The grammar (`<builtin-expr> ::=
 * <builtin-name> "(" <rvalue-expr> ")"`) already rejects anything else, so the parser
 * reports it; the syntax tree cannot even hold a second argument. */
static void test_row25_builtin_arguments(void **state)
{
    (void)state;
    nnx_error err;
    nnx_status st = check_text(GB("    y = relu(x) if length_of(x, x) > 0 else x;\n"), NULL, &libc_alloc, &err);
    assert_int_equal(st, NNX_ERROR_PARSE);
    assert_string_equal(err.message,
                        "t.nnef:6:31: error: expected ')' after the single argument of 'length_of', found ','");
    st = check_text(GB("    y = relu(x) if length_of(x = [1]) > 0 else x;\n"), NULL, &libc_alloc, &err);
    assert_int_equal(st, NNX_ERROR_PARSE);
}

/* A registry that was not built from the document is a caller error. */
static void test_foreign_registry(void **state)
{
    (void)state;
    const char *text = H "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>);\n" G0;
    nnx_nnef_document *doc;
    nnx_nnef_registry reg;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_parse(text, strlen(text), "t.nnef", &libc_alloc, &doc, &err), NNX_OK);
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &libc_alloc, &err), NNX_OK);
    assert_int_equal(nnx_nnef_check(doc, &reg, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_nnef_check(NULL, &reg, NULL), NNX_ERROR_INVALID_ARGUMENT);
    nnx_nnef_registry_free(&reg);
    nnx_nnef_document_free(doc);
}

/* ---- valid documents ------------------------------------------------------------------------ */

static void assert_valid(const char *text, const char *name)
{
    nnx_error err;
    nnx_status st = check_text(text, name, &libc_alloc, &err);
    if (st != NNX_OK)
        print_error("%s: %s\n", name ? name : "t.nnef", err.message);
    assert_int_equal(st, NNX_OK);
}

/* Every standard fragment body passes the checks a user fragment gets (against the 1.0.2
 * registry, whose elu is chapter 4's; test_nnef_run_later checks the later library). */
static void test_stdlib_bodies(void **state)
{
    (void)state;
    nnx_nnef_registry reg;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_registry_init_ex(&reg, NULL, true, &libc_alloc, &err), NNX_OK);
    nnx_status st = nnx_nnef_check(reg.stdlib, &reg, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_int_equal(reg.stdlib->fragment_count, 102);
    nnx_nnef_registry_free(&reg);
}

/* Flat syntax invoking each of the 102 standard operations with valid arguments. */
static const char every_operation[] =
    "version 1.0;\n"
    "graph every_operation( input, index, rois, batch, flags ) -> ( output )\n"
    "{\n"
    "    input = external(shape = [1, 4, 8, 8]);\n"
    "    index = external<integer>(shape = [1, 4, 4, 4]);\n"
    "    rois = external(shape = [2, 4]);\n"
    "    batch = external<integer>(shape = [2]);\n"
    "    flags = external<logical>(shape = [1, 4, 8, 8]);\n"
    "    c = constant(shape = [1, 4, 1, 1], value = [0.5]);\n"
    "    ci = constant<integer>(shape = [1], value = [3]);\n"
    "    w = variable(shape = [4, 4, 3, 3], label = 'conv/filter');\n"
    "    b = variable(shape = [1, 4], label = 'conv/bias');\n"
    "    state = variable(shape = [1, 4, 8, 8], label = 'state');\n"
    "    copied = copy(input);\n"
    "    u1 = neg(input); u2 = rcp(input); u3 = exp(input); u4 = log(input);\n"
    "    u5 = sin(input); u6 = cos(input); u7 = abs(input); u8 = sign(input);\n"
    "    u9 = not(flags); u10 = floor(input); u11 = ceil(input); u12 = round(input);\n"
    "    b1 = add(input, c); b2 = sub(input, c); b3 = mul(input, c); b4 = div(input, c); b5 = pow(input, 2.0);\n"
    "    l1 = lt(input, c); l2 = gt(input, c); l3 = le(input, c); l4 = ge(input, c);\n"
    "    l5 = eq(input, c); l6 = ne(input, c); l7 = and(l1, l2); l8 = or(l3, flags);\n"
    "    sel = select(l1, input, 0.0);\n"
    "    s1 = sqr(input); s2 = sqrt(input); s3 = rsqr(input); s4 = rsqrt(input); s5 = log2(input);\n"
    "    s6 = min(input, c); s7 = max(input, c); s8 = clamp(input, 0.0, 1.0);\n"
    "    conv1 = conv(input, w, b, padding = [(1,1), (1,1)]);\n"
    "    deconv1 = deconv(conv1, w, border = 'constant', output_shape = [1, 4, 8, 8]);\n"
    "    box1 = box(input, size = [1, 1, 3, 3], normalize = true);\n"
    "    debox1 = debox(box1, size = [1, 1, 3, 3]);\n"
    "    amax = argmax_pool(input, size = [1, 1, 2, 2], stride = [1, 1, 2, 2]);\n"
    "    smp = sample(input, amax, size = [1, 1, 2, 2], stride = [1, 1, 2, 2]);\n"
    "    dsmp = desample(smp, index, size = [1, 1, 2, 2], stride = [1, 1, 2, 2]);\n"
    "    nd = nearest_downsample(input, factor = [2, 2]);\n"
    "    ad = area_downsample(input, factor = [2, 2]);\n"
    "    nu = nearest_upsample(input, factor = [2, 2]);\n"
    "    mu = multilinear_upsample(input, factor = [2, 2], method = 'aligned', border = 'replicate');\n"
    "    r1 = sum_reduce(input, axes = [1], normalize = true);\n"
    "    r2 = max_reduce(input, axes = [2, 3]); r3 = min_reduce(input, axes = [2, 3]);\n"
    "    r4 = argmax_reduce(input, axes = [1]); r5 = argmin_reduce(input, axes = [1]);\n"
    "    r6 = all_reduce(flags, axes = [1]); r7 = any_reduce(flags, axes = [1]); r8 = mean_reduce(input, axes = [1]);\n"
    "    re = reshape(input, shape = [1, -1], axis_start = 0, axis_count = -1);\n"
    "    sq = squeeze(r1, axes = [1]); usq = unsqueeze(sq, axes = [1]);\n"
    "    tr = transpose(input, axes = [0, 2, 3, 1]);\n"
    "    [p1, p2] = split(input, axis = 1, ratios = [1, 1]);\n"
    "    cat = concat([p1, p2], axis = 1);\n"
    "    st = stack([p1, p2], axis = 0);\n"
    "    [q1, q2] = unstack(st, axis = 0);\n"
    "    sl = slice(input, axes = [2, 3], begin = [0, 0], end = [4, 4]);\n"
    "    pd = pad(input, padding = [(0,0), (0,0), (1,1), (1,1)], border = 'reflect', value = 0.0);\n"
    "    tl = tile(input, repeats = [1, 1, 2, 2]);\n"
    "    rp1 = avg_roi_pool(input, rois, batch, output_size = [2, 2]);\n"
    "    rp2 = max_roi_pool(input, rois, batch, output_size = [2, 2]);\n"
    "    rr = roi_resample(input, rois, batch, output_size = [2, 2], method = 'symmetric');\n"
    "    ra1 = avg_roi_align(input, rois, batch, output_size = [2, 2], sampling_rate = [2, 2]);\n"
    "    ra2 = max_roi_align(input, rois, batch, output_size = [2, 2], sampling_rate = [2, 2], resize_method = "
    "'asymmetric');\n"
    "    mm = matmul(rois, rois, transposeB = true);\n"
    "    up = update(state, input);\n"
    "    a1 = sigmoid(input); a2 = relu(input); a3 = prelu(input, c); a4 = leaky_relu(input, alpha = 0.1);\n"
    "    a5 = elu(input); a6 = tanh(input); a7 = softmax(input, axes = [1]); a8 = softplus(input);\n"
    "    lin = linear(rois, rois, 0.0);\n"
    "    sc = separable_conv(input, w, w, groups = 1);\n"
    "    sd = separable_deconv(input, w, w);\n"
    "    mp, mpi = max_pool_with_index(input, size = [1, 1, 2, 2]);\n"
    "    mp2 = max_pool(input, size = [1, 1, 2, 2], border = 'ignore');\n"
    "    ap = avg_pool(input, size = [1, 1, 2, 2]);\n"
    "    rms = rms_pool(input, size = [1, 1, 2, 2]);\n"
    "    n1 = local_response_normalization(input, size = [1, 3, 1, 1], alpha = 0.0001, beta = 0.75, bias = 1.0);\n"
    "    n2 = local_mean_normalization(input, size = [1, 1, 3, 3]);\n"
    "    n3 = local_variance_normalization(input, size = [1, 1, 3, 3], bias = 1.0, epsilon = 0.00001);\n"
    "    n4 = local_contrast_normalization(input, size = [1, 1, 3, 3]);\n"
    "    n5 = l1_normalization(input, axes = [1]);\n"
    "    n6 = l2_normalization(input, axes = [1], epsilon = 0.001);\n"
    "    bn = batch_normalization(input, c, c, c, c, epsilon = 0.001);\n"
    "    lq = linear_quantize(input, 0.0, 1.0, bits = 8);\n"
    "    gq = logarithmic_quantize(input, 1.0, bits = 8);\n"
    "    [k1, k2, k3] = copy_n(input, times = 3);\n"
    "    total = add_n([k1, k2, k3]);\n"
    "    mean, variance = moments(input, axes = [2, 3]);\n"
    "    output = copy(total);\n"
    "}\n";

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether text invokes `name(` or `name<` as a whole word. */
static bool invokes(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if ((p == text || !ident_char(p[-1])) && (p[n] == '(' || p[n] == '<'))
            return true;
    return false;
}

static void test_stdlib_operations_in_a_graph(void **state)
{
    (void)state;
    nnx_nnef_registry reg;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &libc_alloc, &err), NNX_OK);
    for (uint32_t i = 0; i < reg.stdlib->fragment_count; i++) {
        if (!invokes(every_operation, reg.stdlib->fragments[i].name))
            print_error("not invoked: %s\n", reg.stdlib->fragments[i].name);
        assert_true(invokes(every_operation, reg.stdlib->fragments[i].name));
    }
    nnx_nnef_registry_free(&reg);
    assert_valid(every_operation, "every_operation.nnef");
}

/* The spec's example documents (tests/data/nnef) that are semantically valid. */
static void test_spec_examples(void **state)
{
    (void)state;
    static const char *const names[] = {
        "alexnet.nnef", "add_n.nnef",          "dynamic_quant.nnef",    "foobar.nnef",     "quantized.nnef",
        "select.nnef",  "quantized_core.nnef", "upsample_helpers.nnef", "variable42.nnef",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *text = read_file("nnef", names[i]);
        assert_valid(text, names[i]);
        free(text);
    }
}

/* Three of the spec's examples illustrate syntax and break its own semantic rules; the
 * checker says where (reported as spec defects among the NNEF decisions). */
static void test_spec_examples_with_defects(void **state)
{
    (void)state;
    static const struct {
        const char *name, *message;
    } cases[] = {
        /* §3.2.1 barfoo: `alpha = 2` for `alpha: scalar` (no integer -> scalar cast, §3.3.1), and
         * then `extra` for a tensor-array result (A2). */
        {"barfoo.nnef",
         "barfoo.nnef:16:46: error: argument 'alpha' of 'bar' has type integer, which cannot be cast to scalar"},
        /* §3.3.3 `[for i in range_of(a) yield f(i, a[i])]` with tensor-typed f: i is an integer. */
        {"expressions.nnef",
         "expressions.nnef:41:45: error: argument 'x' of 'g' has type integer, which cannot be cast to tensor<scalar>"},
        /* §3.3.1 fizz: the spec elides buzz's arguments; `input` is not defined in fizz. */
        {"generics.nnef", "generics.nnef:11:22: error: undefined identifier 'input'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = read_file("nnef", cases[i].name);
        nnx_error err;
        assert_int_equal(check_text(text, cases[i].name, &libc_alloc, &err), NNX_ERROR_INVALID_MODEL);
        assert_string_equal(err.message, cases[i].message);
        free(text);
    }
}

/* Generics (explicit, propagated, defaulted, deduced), comprehensions, if-else, tuples,
 * strings, `in`, casts, variables sharing a label, update. */
static const char compositional[] = H
    "fragment pick<?>( a: tensor<?>, b: tensor<?>, first: logical = true ) -> ( y: tensor<?> )\n"
    "{\n"
    "    y = a if first else b;\n"
    "}\n"
    "fragment fill<? = scalar>( shape: integer[], value: ? ) -> ( y: tensor<?> )\n"
    "{\n"
    "    y = constant<?>(shape = shape, value = [value] * 2);\n"
    "}\n"
    "fragment pair<?>( x: tensor<?> ) -> ( y: tensor<?>[] )\n"
    "{\n"
    "    [a, b] = copy_n<?>(x, times = 2);\n"
    "    y = [a, copy(b)];\n"
    "}\n"
    "fragment weighted_sum( xs: tensor<scalar>[], weights: scalar[] = [] ) -> ( y: tensor<scalar> )\n"
    "{\n"
    "    n = length_of(weights);\n"
    "    scaled = [for i in range_of(xs) if i < n yield xs[i] * weights[i]];\n"
    "    y = add_n(scaled) if length_of(scaled) > 0 else add_n(xs);\n"
    "}\n"
    "fragment stats( x: tensor<scalar>, axes: integer[] ) -> ( mean: tensor<scalar>, spread: tensor<scalar> )\n"
    "{\n"
    "    m, v = moments(x, axes = axes);\n"
    "    both = (m, v);\n"
    "    mean = both[0];\n"
    "    spread = sqrt(both[1]) if length_of(axes) > 0 else both[1] * 0.0;\n"
    "}\n"
    "fragment shaped( input: tensor<scalar>, rank: integer = 4, mode: string = 'same' ) -> ( output: tensor<scalar> )\n"
    "{\n"
    "    pads = [for i in range_of([0] * rank) yield (0, 0) if i < 2 else (1, 1)];\n"
    "    border = 'constant' if mode == 'same' else 'replicate';\n"
    "    ok = (mode in ['same', 'valid']) && rank > 0;\n"
    "    label = 'layer_' + string(rank) + '!' * 2;\n"
    "    count = integer(scalar(rank) * 0.5) + length_of(label) + integer('-12') + integer(scalar('1.5e-3'));\n"
    "    grid = [for r in [[1, 2], [3]], k in [0, 1] yield r[k:] + [k]];\n"
    "    output = box(input, size = [1] * rank, padding = pads, border = border, normalize = ok || count > 3);\n"
    "}\n"
    "graph compositional( x, i ) -> ( y, n, z, w, p, q, s, t, u, v, up )\n"
    "{\n"
    "    x = external(shape = [2, 4, 8, 8]);\n"
    "    i = external<integer>(shape = [2, 4, 8, 8]);\n"
    "    y = pick(x, relu(x), first = false);\n"
    "    n = pick(i, i);\n"
    "    z = fill(shape = [2], value = 1.5);\n"
    "    w = fill<integer>(shape = [2], value = 3);\n"
    "    [p, q] = pair(x);\n"
    "    s, t = stats(weighted_sum([p, q], weights = [0.5, 0.5]), axes = [1]);\n"
    "    u = shaped(x);\n"
    "    v = select(x > 0.0 && !(x == 1.0), -x, x ^ 2.0) + (1.0 - sigmoid(x)) / 2.0;\n"
    "    state = variable(shape = [2, 4, 8, 8], label = 'model/State');\n"
    "    shared = variable(shape = [2, 4, 8, 8], label = 'MODEL/state');\n"
    "    up = update(state, v + shared);\n"
    "}\n";

static void test_compositional(void **state)
{
    (void)state;
    assert_valid(compositional, "compositional.nnef");
}

/* Lazily evaluated parts (if-else branches, && / || right operands) skip value checks but
 * keep type checks; recursion through a fragment is not walked. */
static void test_lazy_and_recursive(void **state)
{
    (void)state;
    assert_valid(H "fragment f(x: tensor<scalar>, n: integer) -> (y: tensor<scalar>)\n{\n"
                   "    a = [for i in [1, 2], j in [1] yield i + j] if n > 100 else [];\n"
                   "    b = n > 0 || integer('oops') > 0;\n"
                   "    y = f(x, n = n - 1) if n > 0 && b else x;\n}\n" G0,
                 NULL);
}

/* ---- allocation failure ------------------------------------------------------------------------ */

/* Parses text and builds the registry without failures, then fails the Nth allocation of
 * the check for every N until the check completes: each run ends in OK or out-of-memory
 * with every block the check took given back. Returns the number of failing runs. */
static long fail_every_allocation(const char *text)
{
    counting_alloc c = {0};
    nnx_alloc alloc = counting_alloc_wrap(&c);
    nnx_nnef_document *doc;
    nnx_nnef_registry reg;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_parse(text, strlen(text), "t.nnef", &alloc, &doc, &err), NNX_OK);
    assert_int_equal(nnx_nnef_registry_init(&reg, doc, &alloc, &err), NNX_OK);
    long runs = 0;
    for (long n = 1;; n++, runs++) {
        long live = c.live;
        c.fail_at = c.calls + n;
        nnx_error_clear(&err);
        nnx_status st = nnx_nnef_check(doc, &reg, &err);
        bool failed = c.calls >= c.fail_at;
        c.fail_at = 0;
        assert_int_equal(c.live, live);
        if (!failed) {
            assert_int_equal(st, NNX_OK);
            break;
        }
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
        assert_string_equal(err.message, "t.nnef: error: out of memory while checking");
    }
    nnx_nnef_registry_free(&reg);
    nnx_nnef_document_free(doc);
    assert_int_equal(c.live, 0);
    return runs;
}

static void test_allocation_failure(void **state)
{
    (void)state;
    long a = fail_every_allocation(compositional), b = fail_every_allocation(every_operation);
    assert_true(a > 10 && b > 10);
    print_message("checks survive allocation failure at each of %ld + %ld allocations\n", a, b);
}

/* ---- types.h --------------------------------------------------------------------------------- */

static void test_types(void **state)
{
    (void)state;
    nnx_arena arena;
    nnx_arena_init(&arena, &libc_alloc);
    const nnx_nnef_ty *i = nnx_nnef_ty_primitive(NNX_NNEF_TY_INTEGER), *s = nnx_nnef_ty_primitive(NNX_NNEF_TY_SCALAR);
    const nnx_nnef_ty *ts = nnx_nnef_ty_tensor(NNX_NNEF_TY_SCALAR), *ti = nnx_nnef_ty_tensor(NNX_NNEF_TY_INTEGER);
    const nnx_nnef_ty *tg = nnx_nnef_ty_tensor(NNX_NNEF_TY_GENERIC), *tu = nnx_nnef_ty_tensor(NNX_NNEF_TY_NONE);
    const nnx_nnef_ty *g = nnx_nnef_ty_primitive(NNX_NNEF_TY_GENERIC), *empty = nnx_nnef_ty_empty_array();
    const nnx_nnef_ty *ia = nnx_nnef_ty_array(&arena, i), *tsa = nnx_nnef_ty_array(&arena, ts);
    const nnx_nnef_ty *pair_items[2] = {i, i};
    const nnx_nnef_ty *pair = nnx_nnef_ty_tuple(&arena, pair_items, 2), *pairs = nnx_nnef_ty_array(&arena, pair);
    char buf[64];
    /* the five casts, and no others */
    assert_true(nnx_nnef_ty_castable(s, ts));
    assert_false(nnx_nnef_ty_castable(i, ts));
    assert_false(nnx_nnef_ty_castable(i, s));
    assert_true(nnx_nnef_ty_castable(g, tg));
    assert_false(nnx_nnef_ty_castable(ts, tg)); /* outside deduction '?' is a fixed type */
    assert_true(nnx_nnef_ty_castable(ts, tu));
    assert_true(nnx_nnef_ty_castable(ti, tu));
    assert_false(nnx_nnef_ty_castable(tu, ts));
    assert_true(nnx_nnef_ty_castable(empty, pairs));
    assert_false(nnx_nnef_ty_castable(ia, empty));
    assert_true(nnx_nnef_ty_castable(nnx_nnef_ty_array(&arena, s), tsa));
    assert_false(nnx_nnef_ty_castable(pair, ia));
    assert_true(nnx_nnef_ty_common(ts, s) == ts);
    assert_null(nnx_nnef_ty_common(i, s));
    /* deduction and substitution */
    nnx_nnef_ty_set set = 0;
    nnx_nnef_ty_deduce(tg, s, &set);
    nnx_nnef_ty_deduce(nnx_nnef_ty_array(&arena, g), ia, &set);
    assert_int_equal(set, (1u << NNX_NNEF_TY_SCALAR) | (1u << NNX_NNEF_TY_INTEGER));
    set = 0;
    nnx_nnef_ty_deduce(tg, tu, &set);
    assert_int_equal(set, 0);
    assert_true(nnx_nnef_ty_equal(nnx_nnef_ty_subst(&arena, nnx_nnef_ty_array(&arena, tg), NNX_NNEF_TY_SCALAR), tsa));
    /* spelling */
    assert_string_equal(nnx_nnef_ty_format(tsa, buf, sizeof buf), "tensor<scalar>[]");
    assert_string_equal(nnx_nnef_ty_format(pairs, buf, sizeof buf), "(integer,integer)[]");
    assert_string_equal(nnx_nnef_ty_format(tu, buf, sizeof buf), "tensor<>");
    assert_string_equal(nnx_nnef_ty_format(empty, buf, sizeof buf), "[]");
    assert_string_equal(nnx_nnef_ty_format(pairs, buf, 6), "(inte");
    nnx_arena_free(&arena);
}

int main(void)
{
    nnx_alloc_init(&libc_alloc, NULL);
    enum {
        N_INVALID = sizeof invalid_cases / sizeof invalid_cases[0],
        N_MORE = sizeof more_invalid_cases / sizeof more_invalid_cases[0]
    };
    struct CMUnitTest tests[N_INVALID + N_MORE + 16];
    size_t n = 0;
    for (size_t i = 0; i < N_INVALID; i++)
        tests[n++] = (struct CMUnitTest){invalid_cases[i].row, test_invalid, NULL, NULL, (void *)&invalid_cases[i]};
    for (size_t i = 0; i < N_MORE; i++)
        tests[n++] = (struct CMUnitTest){more_invalid_cases[i].row, test_invalid, NULL, NULL,
                                         (void *)&more_invalid_cases[i]};
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_row25_builtin_arguments), cmocka_unit_test(test_foreign_registry),
        cmocka_unit_test(test_stdlib_bodies),           cmocka_unit_test(test_stdlib_operations_in_a_graph),
        cmocka_unit_test(test_spec_examples),           cmocka_unit_test(test_spec_examples_with_defects),
        cmocka_unit_test(test_compositional),           cmocka_unit_test(test_lazy_and_recursive),
        cmocka_unit_test(test_allocation_failure),      cmocka_unit_test(test_types),
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        tests[n++] = fixed[i];
    return _cmocka_run_group_tests("nnef_sema", tests, n, NULL, NULL);
}
