/* test_nnef_parse_errors.c — golden diagnostics of the NNEF parser: one malformed document
 * per syntactic rule (the syntactic rules of NNEF 1.0.2 §3.1–§3.2: the lexical rules of §3.1, the
 * grammars of Appendix A and the decisions of parser.h), each with its exact
 * "FILE:LINE:COL: error: MESSAGE" text, plus the graph.quant grammar (§5.3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "formats/nnef/syntax/parser.h"

#define V "version 1.0;\n"
#define OPS "extension KHR_enable_operator_expressions;\n"
#define FRG "extension KHR_enable_fragment_definitions;\n"
#define BOTH "extension KHR_enable_fragment_definitions, KHR_enable_operator_expressions;\n"
#define G(body) "graph g(x) -> (y)\n{\n    " body "\n}\n"
#define HINT " (it needs 'extension KHR_enable_operator_expressions;')"
#define FRAG_HINT " (fragment definitions need 'extension KHR_enable_fragment_definitions;')"

typedef struct golden {
    uint32_t flags;
    const char *text;
    size_t len; /* 0: strlen(text) */
    const char *message;
} golden;

static const golden document_cases[] = {
    /* Row 3: the version statement. */
    {0, "graph g(x) -> (y) { y = f(x); }", 0,
     "t.nnef:1:1: error: expected 'version' at the start of the document, found keyword 'graph'"},
    {0, "", 0, "t.nnef:1:1: error: expected 'version' at the start of the document, found end of input"},
    {0, "version one;", 0,
     "t.nnef:1:9: error: expected a version number MAJOR.MINOR such as 1.0, found identifier 'one'"},
    {0, "version 1;", 0, "t.nnef:1:9: error: expected a version number MAJOR.MINOR such as 1.0, found number '1'"},
    {0, "version 1.0e0;", 0,
     "t.nnef:1:9: error: expected a version number MAJOR.MINOR such as 1.0, found number '1.0e0'"},
    {0, "version 2.0;", 0,
     "t.nnef:1:9: error: expected version 1.0 (the only NNEF version supported), found number '2.0'"},
    {0, "version 1.0\n" G("y = f(x);"), 0, "t.nnef:2:1: error: expected ';' after the version, found keyword 'graph'"},
    {0, "# comment\n  extension KHR_enable_operator_expressions;", 0,
     "t.nnef:2:3: error: expected 'version' at the start of the document, found keyword 'extension'"},
    /* Extensions (NNEF §3.2.4, parser.h). */
    {0, V "extension ;", 0, "t.nnef:2:11: error: expected an extension name (an identifier), found ';'"},
    {0, V "extension KHR_enable_operator_expressions\n" G("y = f(x);"), 0,
     "t.nnef:3:1: error: expected ';' or another extension name, found keyword 'graph'"},
    {0, V "extension KHR_enable_operator_expressions,;", 0,
     "t.nnef:2:43: error: expected an extension name (an identifier), found ';'"},
    {NNX_NNEF_PARSE_STRICT_EXTENSIONS, V "extension VENDOR_magic;\n" G("y = f(x);"), 0,
     "t.nnef:2:11: error: expected KHR_enable_fragment_definitions or KHR_enable_operator_expressions, found "
     "unknown extension 'VENDOR_magic'"},
    /* Row 4: document structure. */
    {0, V, 0, "t.nnef:2:1: error: expected 'graph', found end of input"},
    {0, V G("y = f(x);") "graph h(x) -> (y) { y = f(x); }", 0,
     "t.nnef:6:1: error: expected end of input after the graph definition, found keyword 'graph'"},
    {0, V FRG "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>);\nextension KHR_enable_operator_expressions;", 0,
     "t.nnef:4:1: error: expected 'fragment' or 'graph', found keyword 'extension'"},
    {NNX_NNEF_PARSE_STDLIB, "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>);\n" G("y = f(x);"), 0,
     "t.nnef:2:1: error: expected 'fragment' or end of input, found keyword 'graph'"},
    /* Row 7: compositional syntax needs its extension. */
    {0, V "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>);\n" G("y = f(x);"), 0,
     "t.nnef:2:1: error: expected 'graph', found keyword 'fragment'" FRAG_HINT},
    {0, V G("y = add(x, x) + x;"), 0, "t.nnef:4:19: error: expected flat syntax, found operator '+'" HINT},
    {0, V G("y = x;"), 0,
     "t.nnef:4:9: error: expected an invocation, found identifier 'x' (other right-hand sides need "
     "'extension KHR_enable_operator_expressions;')"},
    {0, V G("y = 1.0;"), 0,
     "t.nnef:4:9: error: expected an invocation, found number '1.0' (other right-hand sides need "
     "'extension KHR_enable_operator_expressions;')"},
    {0, V G("y = f(g(x));"), 0, "t.nnef:4:11: error: expected flat syntax, found nested invocation of 'g'" HINT},
    {0, V G("y = f(x, a = - 1);"), 0, "t.nnef:4:18: error: expected flat syntax, found unary operator '-'" HINT},
    {0, V G("y = f(x, a = !true);"), 0, "t.nnef:4:18: error: expected flat syntax, found unary operator '!'" HINT},
    {0, V G("y = f((x));"), 0, "t.nnef:4:11: error: expected flat syntax, found parenthesized expression '('" HINT},
    {0, V G("y = f(x[0]);"), 0, "t.nnef:4:12: error: expected flat syntax, found subscript '['" HINT},
    {0, V G("y = f(x)[0];"), 0, "t.nnef:4:13: error: expected flat syntax, found subscript '['" HINT},
    {0, V G("y = f(x, n = length_of([1]));"), 0,
     "t.nnef:4:18: error: expected flat syntax, found built-in function 'length_of'" HINT},
    {0, V G("y = f(x, a = [for i in [1] yield i]);"), 0,
     "t.nnef:4:18: error: expected flat syntax, found comprehension '[for'" HINT},
    {0, V G("y = f(x) if true else g(x);"), 0,
     "t.nnef:4:14: error: expected flat syntax, found if-else expression" HINT},
    {0, V G("y = f(x, a = 2 ^ 3);"), 0, "t.nnef:4:20: error: expected flat syntax, found operator '^'" HINT},
    {0, V G("y = f(x, a = i in [1]);"), 0, "t.nnef:4:20: error: expected flat syntax, found operator 'in'" HINT},
    /* Missing ';' (row 3), bad tokens (row 1). */
    {0, V G("y = f(x)\n    z = g(y);"), 0,
     "t.nnef:5:5: error: expected ';' after the assignment, found identifier 'z'"},
    {0, V OPS G("y = x + 1.0\n}"), 0, "t.nnef:6:1: error: expected ';' after the assignment, found '}'"},
    {0, V G("y = f(x, a = @);"), 0, "t.nnef:4:18: error: expected a token, found '@'"},
    {0, V G("y = f(x, a = 1 & 2);"), 0, "t.nnef:4:20: error: expected '&&', found '&'"},
    {0, V G("y = f(x, a = 1 | 2);"), 0, "t.nnef:4:20: error: expected '||', found '|'"},
    {0, V G("y = f(x, a = `);"), 0, "t.nnef:4:18: error: expected a token, found '`'"},
    {0, V G("y = f(x);\xc3\xa9"), 0, "t.nnef:4:14: error: expected a token, found byte 0xC3 (not ASCII)"},
    {0, "version 1.0;\0graph", 18, "t.nnef:1:13: error: expected a token, found byte 0x00"},
    {0, V G("y = f(x);\x01"), 0, "t.nnef:4:14: error: expected a token, found byte 0x01"},
    {0, V G("y = f(x);\x7f"), 0, "t.nnef:4:14: error: expected a token, found byte 0x7F"},
    /* Strings (row 1). */
    {0, V G("y = f(x, label = 'abc);"), 0,
     "t.nnef:4:28: error: expected closing ' of the string literal, found end of line"},
    {0, V G("y = f(x, label = \"abc"), 0,
     "t.nnef:4:26: error: expected closing \" of the string literal, found end of line"},
    {0, V "graph g(x) -> (y) { y = f(x, label = 'abc", 0,
     "t.nnef:2:42: error: expected closing ' of the string literal, found end of input"},
    {0, V "graph g(x) -> (y) { y = f(x, label = 'abc\\", 0,
     "t.nnef:2:43: error: expected closing ' of the string literal, found end of input"},
    {0, V G("y = f(x, label = 'a\\nb');"), 0,
     "t.nnef:4:24: error: expected \\' or \\\\ in the string literal, found \\ followed by 'n'"},
    {0, V G("y = f(x, label = 'a\\\"b');"), 0,
     "t.nnef:4:24: error: expected \\' or \\\\ in the string literal, found \\ followed by '\"'"},
    {0, V G("y = f(x, label = 'a\tb');"), 0,
     "t.nnef:4:24: error: expected a printable ASCII character in the string literal, found byte 0x09"},
    {0, V G("y = f(x, label = 'caf\xc3\xa9');"), 0,
     "t.nnef:4:26: error: expected a printable ASCII character in the string literal, found byte 0xC3 (not ASCII)"},
    /* Numbers (row 1, NNEF decision 1). */
    {0, V G("y = f(x, a = 1.);"), 0, "t.nnef:4:20: error: expected a digit after '.' in numeric literal '1.'"},
    {0, V G("y = f(x, a = .5);"), 0, "t.nnef:4:18: error: expected a digit before '.' in numeric literal, found '.'"},
    {0, V G("y = f(x, a = 1e+);"), 0, "t.nnef:4:21: error: expected exponent digits in numeric literal '1e+'"},
    {0, V G("y = f(x, a = 12abc);"), 0,
     "t.nnef:4:20: error: expected an operator or separator after numeric literal '12', found 'a'"},
    {0, V G("y = f(x, a = 1.5.2);"), 0,
     "t.nnef:4:21: error: expected an operator or separator after numeric literal '1.5', found '.'"},
    {0, V G("y = f(x, a = 99999999999999999999);"), 0,
     "t.nnef:4:18: error: expected an integer literal of magnitude at most 9223372036854775807, found number "
     "'99999999999999999999'"},
    {0, V G("y = f(x, a = -9223372036854775808);"), 0,
     "t.nnef:4:18: error: expected an integer literal of magnitude at most 9223372036854775807, found number "
     "'9223372036854775808'"},
    {0, V G("y = f(x, a = 1e999);"), 0,
     "t.nnef:4:18: error: expected a finite scalar literal, found number '1e999' (beyond the range of double)"},
    /* Row 2: keywords are reserved. */
    {0, V G("yield = f(x);"), 0, "t.nnef:4:5: error: expected an identifier, found keyword 'yield'"},
    {0, V G("y, tensor = f(x);"), 0, "t.nnef:4:8: error: expected an identifier, found keyword 'tensor'"},
    {0, V G("true = f(x);"), 0, "t.nnef:4:5: error: expected an identifier, found 'true'"},
    {0, V "graph if(x) -> (y) { y = f(x); }", 0,
     "t.nnef:2:7: error: expected a graph name (an identifier), found keyword 'if'"},
    {0, V "graph g(in) -> (y) { y = f(x); }", 0,
     "t.nnef:2:9: error: expected a graph input name (an identifier), found keyword 'in'"},
    {0, V FRG "fragment integer(x: tensor<scalar>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:10: error: expected a fragment name (an identifier), found keyword 'integer'"},
    {0, V FRG "fragment f(for: tensor<scalar>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:12: error: expected a parameter name (an identifier), found keyword 'for'"},
    {0, V G("y = f(x, scalar = 1.0);"), 0,
     "t.nnef:4:14: error: expected an argument name (an identifier), found keyword 'scalar'"},
    {0, V G("y = version(x);"), 0,
     "t.nnef:4:9: error: expected an invocation, found keyword 'version' (other right-hand sides need "
     "'extension KHR_enable_operator_expressions;')"},
    {0, V OPS G("y = [for if in x yield 1];"), 0,
     "t.nnef:5:14: error: expected a loop variable (an identifier), found keyword 'if'"},
    /* Row 5: empty lists and bodies. */
    {0, V "graph g() -> (y) { y = f(x); }", 0,
     "t.nnef:2:9: error: expected a graph input name (an identifier), found ')'"},
    {0, V "graph g(x) -> () { y = f(x); }", 0,
     "t.nnef:2:16: error: expected a graph output name (an identifier), found ')'"},
    {0, V "graph (x) -> (y) { y = f(x); }", 0, "t.nnef:2:7: error: expected a graph name (an identifier), found '('"},
    {0, V "graph g(x) (y) { y = f(x); }", 0, "t.nnef:2:12: error: expected '->' after the graph inputs, found '('"},
    {0, V "graph g(x, ) -> (y) { y = f(x); }", 0,
     "t.nnef:2:12: error: expected a graph input name (an identifier), found ')'"},
    {0, V "graph g(x y) -> (y) { y = f(x); }", 0,
     "t.nnef:2:11: error: expected ',' or ')' in the graph input list, found identifier 'y'"},
    {0, V "graph g(x) -> (y) { }", 0,
     "t.nnef:2:21: error: expected an assignment (a body has at least one), found '}'"},
    {0, V "graph g(x) -> (y) y = f(x);", 0, "t.nnef:2:19: error: expected '{' to open the body, found identifier 'y'"},
    {0, V G("y = f();"), 0, "t.nnef:4:11: error: expected an argument (an invocation has at least one), found ')'"},
    {0, V FRG "fragment f() -> (y: tensor<scalar>);", 0,
     "t.nnef:3:12: error: expected a parameter name (an identifier), found ')'"},
    {0, V FRG "fragment f(x: tensor<scalar>) -> ();", 0,
     "t.nnef:3:35: error: expected a result name (an identifier), found ')'"},
    {0, V FRG "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>) {}\n" G("y = f(x);"), 0,
     "t.nnef:3:55: error: expected an assignment (a body has at least one), found '}'"},
    /* Unbalanced brackets. */
    {0, V G("y = f(x, a = [1, 2);"), 0, "t.nnef:4:23: error: expected ',' or ']' in the array, found ')'"},
    {0, V G("y = f(x, a = [1, 2];"), 0, "t.nnef:4:24: error: expected ',' or ')' in the argument list, found ';'"},
    {0, V G("y = f(x, a = [1, ]);"), 0, "t.nnef:4:22: error: expected an expression, found ']'"},
    {0, V G("y = f(x, a = (1, 2]);"), 0, "t.nnef:4:23: error: expected ',' or ')' in the tuple, found ']'"},
    {0, V "graph g(x) -> (y) { y = f(x);", 0, "t.nnef:2:30: error: expected an assignment or '}', found end of input"},
    {0, V G("y = f(x)); z = f(y);"), 0, "t.nnef:4:13: error: expected ';' after the assignment, found ')'"},
    {0, V G("[a, b = f(x);"), 0,
     "t.nnef:4:11: error: expected ',' or ']' in the array on the left-hand side, found '='"},
    {0, V G("(a) = f(x);"), 0,
     "t.nnef:4:7: error: expected ',' in the tuple on the left-hand side (a tuple has at least two items), found ')'"},
    {0, V G("1 = f(x);"), 0, "t.nnef:4:5: error: expected an assignment or '}', found number '1'"},
    {0, V G("y == f(x);"), 0, "t.nnef:4:7: error: expected '=' after the left-hand side, found '=='"},
    {0, V G("y = f(x, k = );"), 0, "t.nnef:4:18: error: expected an expression, found ')'"},
    {0, V G("y = f(x, );"), 0, "t.nnef:4:14: error: expected an expression, found ')'"},
    {0, V G("y = f(x,, a = 1);"), 0, "t.nnef:4:13: error: expected an expression, found ','"},
    {0, V G("y = f x;"), 0,
     "t.nnef:4:9: error: expected an invocation, found identifier 'f' (other right-hand sides need "
     "'extension KHR_enable_operator_expressions;')"},
    /* Row 6: an rvalue tuple needs parentheses. */
    {0, V OPS G("y = x, x;"), 0, "t.nnef:5:10: error: expected ';' after the assignment, found ','"},
    /* Compositional expression syntax. */
    {0, V OPS G("y = x if c;"), 0, "t.nnef:5:15: error: expected 'else' after the condition, found ';'"},
    {0, V OPS G("y = [for i in a i];"), 0,
     "t.nnef:5:21: error: expected ',', 'if' or 'yield' in the comprehension, found identifier 'i'"},
    {0, V OPS G("y = [for i in a if c i];"), 0, "t.nnef:5:26: error: expected 'yield', found identifier 'i'"},
    {0, V OPS G("y = [for i in a yield i;"), 0,
     "t.nnef:5:28: error: expected ']' to close the comprehension, found ';'"},
    {0, V OPS G("y = [for i = a yield i];"), 0, "t.nnef:5:16: error: expected 'in' after the loop variable, found '='"},
    {0, V OPS G("y = length_of(a, b);"), 0,
     "t.nnef:5:20: error: expected ')' after the single argument of 'length_of', found ','"},
    {0, V OPS G("y = length_of(x = a);"), 0,
     "t.nnef:5:21: error: expected ')' after the single argument of 'length_of', found '='"},
    {0, V OPS G("y = integer + 1;"), 0, "t.nnef:5:17: error: expected '(' after 'integer', found '+'"},
    {0, V OPS G("y = a[1;"), 0, "t.nnef:5:12: error: expected ':' or ']' in the subscript, found ';'"},
    {0, V OPS G("y = a[1:2;"), 0, "t.nnef:5:14: error: expected ']' to close the subscript, found ';'"},
    {0, V OPS G("y = a[];"), 0, "t.nnef:5:11: error: expected an expression, found ']'"},
    {0, V OPS G("y = f<tensor>(x);"), 0, "t.nnef:5:11: error: expected an expression, found keyword 'tensor'"},
    {0, V OPS G("y = a * * b;"), 0, "t.nnef:5:13: error: expected an expression, found '*'"},
    {0, V OPS G("y = (a + b;"), 0, "t.nnef:5:15: error: expected ',' or ')', found ';'"},
    /* Fragment declarations and types (§3.2.2). */
    {0, V FRG "fragment f<scalar>(x: tensor<scalar>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:12: error: expected '?' in the generic declaration, found keyword 'scalar'"},
    {0, V FRG "fragment f<? = tensor>(x: tensor<scalar>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:16: error: expected a type name ('integer', 'scalar', 'logical' or 'string'), found keyword 'tensor'"},
    {0, V FRG "fragment f<?(x: tensor<?>) -> (y: tensor<?>);", 0, "t.nnef:3:13: error: expected '>', found '('"},
    {0, V FRG "fragment f(x: tensor<scalar>) (y: tensor<scalar>);", 0,
     "t.nnef:3:31: error: expected '->' after the parameter list, found '('"},
    {0, V FRG "fragment f(x: tensor<scalar>) -> (y: tensor<scalar>)\n" G("y = f(x);"), 0,
     "t.nnef:4:1: error: expected '{' or ';' after the fragment declaration, found keyword 'graph'"},
    {0, V FRG "fragment f(x tensor<scalar>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:14: error: expected ':' after the parameter name, found keyword 'tensor'"},
    {0, V FRG "fragment f(x: tensor) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:21: error: expected '<' after 'tensor', found ')'"},
    {0, V FRG "fragment f(x: tensor<tensor>) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:22: error: expected a tensor data type ('integer', 'scalar', 'logical', 'string' or '?') or '>', found "
     "keyword 'tensor'"},
    {0, V FRG "fragment f(x: tensor<scalar) -> (y: tensor<scalar>);", 0, "t.nnef:3:28: error: expected '>', found ')'"},
    {0, V FRG "fragment f(x: (integer)) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:23: error: expected ',' in the tuple type (a tuple has at least two items), found ')'"},
    {0, V FRG "fragment f(x: integer[) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:23: error: expected ']' after '[' in an array type, found ')'"},
    {0, V FRG "fragment f(x: int) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:15: error: expected a type ('integer', 'scalar', 'logical', 'string', '?', 'tensor' or '('), found "
     "identifier 'int'"},
    {0, V FRG "fragment f(x: tensor<scalar>, a: integer = b) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:44: error: expected a literal default value (number, string, logical, array or tuple), found "
     "identifier 'b'"},
    {0, V FRG "fragment f(x: tensor<scalar>, a: integer = 1 + 2) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:46: error: expected ',' or ')' in the parameter list, found '+'"},
    {0, V FRG "fragment f(x: tensor<scalar>, a: integer = -b) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:45: error: expected a number after '-', found identifier 'b'"},
    {0, V FRG "fragment f(x: tensor<scalar>, a: (integer, integer) = (1)) -> (y: tensor<scalar>);", 0,
     "t.nnef:3:57: error: expected ',' in the tuple literal (a tuple has at least two items), found ')'"},
    {0, V FRG "fragment f(x: tensor<scalar>) -> (y: tensor<scalar> = 0.0);", 0,
     "t.nnef:3:53: error: expected ',' or ')' in the result list, found '='"},
    /* The depth limit is a load limit, not a syntax error: test_nnef_parse.c, test_nnef_limits.c. */
};

static const golden quant_cases[] = {
    {0, "\"a\": linear_quantize(1.0);", 0,
     "q.quant:1:22: error: expected a named argument 'name = value', found number '1.0'"},
    {0, "\"a\" linear_quantize(bits = 8);", 0,
     "q.quant:1:5: error: expected ':' after the tensor name, found identifier 'linear_quantize'"},
    {0, "\"a\": linear_quantize(bits = 8)\n\"b\": q(bits = 8);", 0,
     "q.quant:2:1: error: expected ';' after the quantization entry, found string literal \"b\""},
    {0, "a: linear_quantize(bits = 8);", 0,
     "q.quant:1:1: error: expected a tensor name (a string literal) or end of input, found identifier 'a'"},
    {0, "\"a\": 8;", 0, "q.quant:1:6: error: expected a quantization operation name (an identifier), found number '8'"},
    {0, "\"a\": linear_quantize;", 0, "q.quant:1:21: error: expected '(' after the operation name, found ';'"},
    {0, "\"a\": linear_quantize<scalar>(bits = 8);", 0,
     "q.quant:1:21: error: expected '(' after the operation name, found '<'"},
    {0, "\"a\": q(bits = 8, bits = );", 0, "q.quant:1:25: error: expected an expression, found ')'"},
    {0, "'a: q(bits = 8);", 0, "q.quant:1:17: error: expected closing ' of the string literal, found end of input"},
};

static void run(const golden *cases, size_t n, bool quant)
{
    size_t failures = 0;
    for (size_t i = 0; i < n; i++) {
        const golden *c = &cases[i];
        nnx_error err = {0};
        size_t len = c->len ? c->len : strlen(c->text);
        nnx_status st;
        if (quant) {
            nnx_nnef_quant *q = (nnx_nnef_quant *)1;
            st = nnx_nnef_parse_quant(c->text, len, "q.quant", NULL, &q, &err);
            assert_null(q);
        } else {
            nnx_nnef_document *doc = (nnx_nnef_document *)1;
            nnx_nnef_parse_options opts = {.flags = c->flags};
            st = nnx_nnef_parse_ex(c->text, len, "t.nnef", &opts, NULL, &doc, &err);
            assert_null(doc);
        }
        if (st != NNX_ERROR_PARSE || strcmp(err.message, c->message) != 0) {
            print_error("case %zu:\n  text:     %s\n  got:      %s\n  expected: %s\n", i, c->text, err.message,
                        c->message);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

static void test_document_diagnostics(void **state)
{
    (void)state;
    assert_true(sizeof document_cases / sizeof document_cases[0] >= 100);
    run(document_cases, sizeof document_cases / sizeof document_cases[0], false);
}

static void test_quant_diagnostics(void **state)
{
    (void)state;
    run(quant_cases, sizeof quant_cases / sizeof quant_cases[0], true);
}

/* The first error wins: an error already in err is kept, and the status still says what
 * happened in this call. */
static void test_first_error_wins(void **state)
{
    (void)state;
    nnx_error err = {0};
    nnx_nnef_document *doc = NULL;
    assert_int_equal(nnx_nnef_parse("version 2.0;", 12, "a", NULL, &doc, &err), NNX_ERROR_PARSE);
    assert_int_equal(nnx_nnef_parse("graph", 5, "b", NULL, &doc, &err), NNX_ERROR_PARSE);
    assert_string_equal(err.message,
                        "a:1:9: error: expected version 1.0 (the only NNEF version supported), found number '2.0'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_document_diagnostics),
        cmocka_unit_test(test_quant_diagnostics),
        cmocka_unit_test(test_first_error_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
