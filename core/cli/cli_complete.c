/* The bash completion script (`sudokit help --format bash`), made from the
 * command table and the operations' keys so that it cannot drift from
 * them: commands, options, choice and level values, files where a key
 * takes a FILE; strategy names, game ids and technique names are asked of
 * sudokit when completing, so plugins and games added later are offered
 * too. */
#include <string.h>

#include "cli.h"
#include "sudokit/names.h"
#include "usage.h"

/* The head: finding the command words among the global options. */
static const char complete_head[] =
    "# bash completion for sudokit. Made by `sudokit help --format bash` from its\n"
    "# command table and the operations' keys: do not edit by hand.\n"
    "\n"
    "# The strategies of kind $1 the host loads with the global options $2...\n"
    "_sudokit_strategies()\n"
    "{\n"
    "    local kind=$1\n"
    "    shift\n"
    "    \"${COMP_WORDS[0]}\" \"$@\" plugins --kind \"$kind\" --format csv 2> /dev/null |\n"
    "        tail -n +2 | cut -d, -f2\n"
    "}\n"
    "\n"
    "# The unfinished games' ids, with the global options $@.\n"
    "_sudokit_games()\n"
    "{\n"
    "    \"${COMP_WORDS[0]}\" \"$@\" games --unfinished --format csv 2> /dev/null |\n"
    "        tail -n +2 | cut -d, -f1\n"
    "}\n"
    "\n"
    "# COMPREPLY: the raters' technique names that start with $cur, spaces\n"
    "# escaped, with the global options $@.\n"
    "_sudokit_techniques()\n"
    "{\n"
    "    local name typed=${cur//\\\\ / }\n"
    "    COMPREPLY=()\n"
    "    while IFS= read -r name; do\n"
    "        [[ $name == \"$typed\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$name\")\")\n"
    "    done < <(\"${COMP_WORDS[0]}\" \"$@\" help --format commands techniques 2> /dev/null |\n"
    "        sort -u)\n"
    "}\n"
    "\n"
    "# COMPREPLY: the words of $1 that start with $cur.\n"
    "_sudokit_words()\n"
    "{\n"
    "    mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\")\n"
    "}\n"
    "\n"
    "# COMPREPLY: the files and folders that start with $cur.\n"
    "_sudokit_files()\n"
    "{\n"
    "    compopt -o filenames 2> /dev/null\n"
    "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
    "}\n"
    "\n"
    "_sudokit()\n"
    "{\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} option=\"\" command=\"\" i=1 last=$COMP_CWORD\n"
    "    local -a globals=()\n"
    "    COMPREPLY=()\n"
    "    # bash splits --name=value at '=': complete the value of --name.\n"
    "    if [ \"$cur\" = \"=\" ]; then\n"
    "        option=${COMP_WORDS[COMP_CWORD - 1]} cur=\"\" last=$((COMP_CWORD - 1))\n"
    "    elif [ \"$COMP_CWORD\" -ge 2 ] && [ \"${COMP_WORDS[COMP_CWORD - 1]}\" = \"=\" ]; then\n"
    "        option=${COMP_WORDS[COMP_CWORD - 2]} last=$((COMP_CWORD - 2))\n"
    "    elif [ \"$COMP_CWORD\" -ge 2 ]; then\n"
    "        option=${COMP_WORDS[COMP_CWORD - 1]}\n"
    "    fi\n"
    "    while [ \"$i\" -lt \"$last\" ]; do\n"
    "        local word=${COMP_WORDS[i]} step=1\n"
    "        [ \"${COMP_WORDS[i + 1]}\" = \"=\" ] && step=2\n"
    "        case $word in\n";

/* The global options: those with a value take the next word. */
static void complete_globals(FILE *out, const char *const globals[][3], size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (!globals[i][1] || strncmp(globals[i][0], "--", 2) != 0)
            continue;
        fprintf(out, "        %s)\n"
                     "            globals+=(\"$word\" \"${COMP_WORDS[i + step]}\")\n"
                     "            i=$((i + step + 1))\n"
                     "            ;;\n",
                globals[i][0]);
    }
    fputs("        -c | -s)\n"
          "            [ \"$word\" = -c ] && command=grids || command=solve\n"
          "            [ $((i + 1)) -eq \"$COMP_CWORD\" ] && [ \"$word\" = -s ] && _sudokit_files\n"
          "            [ $((i + 1)) -ge \"$COMP_CWORD\" ] && return 0\n"
          "            i=$((i + 2))\n"
          "            break\n"
          "            ;;\n"
          "        -*) i=$((i + 1)) ;;\n"
          "        *) break ;;\n"
          "        esac\n"
          "    done\n",
          out);
}

/* The first words, and the second words of db. */
static void complete_command_words(FILE *out, const char *const globals[][3], size_t count)
{
    char first[512] = "", db[256] = "";
    bool has_db = false;
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        if (c->sub)
            snprintf(db + strlen(db), sizeof db - strlen(db), "%s ", c->sub);
        if (!c->sub || !has_db)
            snprintf(first + strlen(first), sizeof first - strlen(first), "%s ", c->word);
        has_db |= c->sub != NULL;
    }
    fputs("    if [ -z \"$command\" ] && [ \"$i\" -ge \"$COMP_CWORD\" ]; then\n"
          "        case $cur in\n        -*) _sudokit_words \"",
          out);
    for (size_t i = 0; i < count; i++)
        for (const char *p = globals[i][0]; *p; p += strcspn(p, ","), p += strspn(p, ", "))
            fprintf(out, "%.*s ", (int)strcspn(p, ","), p);
    fprintf(out, "\" ;;\n        *) _sudokit_words \"%s\" ;;\n        esac\n        return 0\n"
                 "    fi\n",
            first);
    fprintf(out, "    if [ -z \"$command\" ]; then\n"
                 "        command=${COMP_WORDS[i]}\n"
                 "        if [ \"$command\" = db ]; then\n"
                 "            [ $((i + 1)) -ge \"$COMP_CWORD\" ] && _sudokit_words \"%s\" && "
                 "return 0\n"
                 "            command=\"db ${COMP_WORDS[i + 1]}\"\n"
                 "        fi\n"
                 "    fi\n",
            db);
}

/* The values of key, as the body of a case branch. */
static void complete_key_values(FILE *out, const sk_key *key)
{
    static const char *const kinds[] = {"", "solver", "generator", "rater"};
    if (key->kind == SK_KEY_CHOICE) {
        fputs("_sudokit_words \"", out);
        for (size_t i = 0; key->choices[i]; i++)
            fprintf(out, "%s%s", i ? " " : "", key->choices[i]);
        fputc('"', out);
    } else if (key->kind == SK_KEY_LEVEL) {
        fputs("_sudokit_words \"1 2 3 4 5", out);
        for (int level = 1; level <= 5; level++)
            fprintf(out, " %s", sk_level_name(level));
        fputc('"', out);
    } else if (key->kind == SK_KEY_STRATEGY) {
        fprintf(out, "_sudokit_words \"$(_sudokit_strategies %s \"${globals[@]}\")\"",
                kinds[key->strategy_kind]);
    } else if (key->value_name && strcmp(key->value_name, "GAME_ID") == 0) {
        fputs("_sudokit_words \"$(_sudokit_games \"${globals[@]}\")\"", out);
    } else if (strcmp(key->name, "hardest") == 0) {
        fputs("_sudokit_techniques \"${globals[@]}\"", out);
    } else if (key->kind == SK_KEY_TEXT && key->value_name &&
               strcmp(key->value_name, "FILE") == 0) {
        fputs("_sudokit_files", out);
    } else {
        fputs(":", out); /* a value nobody can guess */
    }
}

/* The value of an option of operation info, as a case on "$command $option". */
static void complete_op_values(FILE *out, const char *words, const sk_op_info *info)
{
    for (const sk_key *key = info->keys; key->name; key++) {
        if (key->kind == SK_KEY_FLAG || !ski_op_key_is_option(info, key))
            continue;
        fprintf(out, "    \"%s --%s\"", words, key->name);
        if (key->short_name)
            fprintf(out, " | \"%s -%c\"", words, key->short_name);
        fputs(")\n        ", out);
        complete_key_values(out, key);
        fputs("\n        return 0\n        ;;\n", out);
    }
}

/* The options of operation info, and what its other words are. */
static void complete_op_words(FILE *out, const char *words, const sk_op_info *info)
{
    fprintf(out, "    \"%s\")\n        options=\"", words);
    for (const sk_key *key = info->keys; key->name; key++)
        if (ski_op_key_is_option(info, key))
            fprintf(out, "--%s ", key->name);
    const sk_key *input = info->input_key ? sk_op_key(info, info->input_key) : NULL;
    bool files = info->inputs == SK_INPUT_FILES || info->inputs == SK_INPUT_SOME ||
                 (input && input->value_name && strcmp(input->value_name, "FILE") == 0);
    fprintf(out, "--help\"\n        positional=%s\n        ;;\n", files ? "files" : "none");
}

/* The options and words of the commands that are no operation. */
static void complete_own_words(FILE *out)
{
    fputs("    run)\n        options=\"", out);
    for (const struct option *o = ski_cmd_run_options; o->name; o++)
        fprintf(out, "--%s ", o->name);
    fputs("\"\n        positional=files\n        ;;\n"
          "    help)\n        options=\"--format --help\"\n        positional=commands\n"
          "        ;;\n",
          out);
}

/* The tail: values, options, positional words. */
static const char complete_tail[] =
    "    *) return 0 ;;\n"
    "    esac\n"
    "    case $cur in\n"
    "    -*) _sudokit_words \"$options\" ;;\n"
    "    *)\n"
    "        case $positional in\n"
    "        files) _sudokit_files ;;\n"
    "        commands) _sudokit_words \"$(\"${COMP_WORDS[0]}\" help --format commands 2> "
    "/dev/null | cut -d' ' -f1 | sort -u)\" ;;\n"
    "        *) _sudokit_words \"$options\" ;;\n"
    "        esac\n"
    "        ;;\n"
    "    esac\n"
    "}\n"
    "complete -F _sudokit sudokit\n";

void ski_cli_completion_bash(FILE *out, const char *const globals[][3], size_t count)
{
    fputs(complete_head, out);
    complete_globals(out, globals, count);
    complete_command_words(out, globals, count);
    fputs("    case \"$command $option\" in\n", out);
    const ski_cli_command *c;
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        char words[32];
        ski_cli_command_words(c, words, sizeof words);
        if (c->op)
            complete_op_values(out, words, sk_op_find(c->op));
    }
    fputs("    \"help --format\")\n"
          "        _sudokit_words \"text markdown man commands bash examples\"\n"
          "        return 0\n        ;;\n",
          out);
    for (const struct option *o = ski_cmd_run_options; o->name; o++)
        if (o->has_arg == required_argument)
            fprintf(out, "    \"run --%s\") return 0 ;;\n", o->name);
    fputs("    esac\n    local options=\"\" positional=none\n    case $command in\n", out);
    for (size_t i = 0; (c = ski_cli_command_at(i)); i++) {
        char words[32];
        ski_cli_command_words(c, words, sizeof words);
        if (c->op)
            complete_op_words(out, words, sk_op_find(c->op));
    }
    complete_own_words(out);
    fputs(complete_tail, out);
}
