# completion.bash — bash completion for nnx, installed as
# share/bash-completion/completions/nnx. Commands and options are read from the installed
# command's own --help texts, so completion never disagrees with the program.

_nnx()
{
    local cur prev words cword
    _init_completion 2>/dev/null || {
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    }
    local nnx=${words[0]}
    if ((cword == 1)); then
        local commands
        commands=$("$nnx" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
        mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
        return
    fi
    local command=${words[1]}
    case $prev in
    --format)
        mapfile -t COMPREPLY < <(compgen -W "onnx nnef nnvm tosa" -- "$cur")
        return
        ;;
    -T | --output-format)
        if [[ $command == dot ]]; then
            mapfile -t COMPREPLY < <(compgen -W "svg png pdf dot" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "npy dat npz" -- "$cur")
        fi
        return
        ;;
    --threads | --runs | -n | --seed | --random-inputs | --warmup | --iterations | --dim | --input-shape | --rtol | --atol)
        return
        ;;
    esac
    if [[ $command == help ]]; then
        local commands
        commands=$("$nnx" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return
    fi
    if [[ $cur == -* ]]; then
        local options
        options=$("$nnx" "$command" --help 2>/dev/null | grep -o -- '--[a-z0-9][a-z0-9.-]*' | sort -u)
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return
    fi
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    compopt -o filenames 2>/dev/null
}
complete -F _nnx nnx
