#!/usr/bin/env bash
# The message catalogs (po/): the template from the sources, the languages merged with it, and
# compiled for the programs.
#
#   scripts/po.sh pot            writes po/a11y-controls.pot from the sources (xgettext), then
#                                merges every po/<language>.po with it (msgmerge)
#   scripts/po.sh check          fails when po/a11y-controls.pot is not what `pot` would write
#                                (the date aside), or a po/<language>.po does not compile
#   scripts/po.sh compile DIR    compiles every po/<language>.po (msgfmt --check) into
#                                DIR/<language>/LC_MESSAGES/a11y-controls.mo; prints one line
#   scripts/po.sh stats          how much of each language is translated
#
# The msgids are the English texts in the source: the phrases of Sources/A11yPresentation/
# EnglishPhrases.swift (phrase("key", "text") and plural("key", "one", "other"): the key is the
# msgctxt), the texts of tr("…") and trPlural("…", "…", …) (help and errors), the option help
# lines of OptionTable (the third argument of OptionSpec) and the defaults marked N_("…").
# xgettext reads Swift as C, which these calls are written to fit (one literal each, no
# interpolation). Every msgid with a {placeholder} is marked python-brace-format, the format
# whose {name} placeholders msgfmt --check compares: a translation must use exactly its
# phrase's placeholders.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
domain=a11y-controls
pot=po/$domain.pot
sources=(Sources/A11yPresentation/EnglishPhrases.swift Sources/A11yOptions/*.swift Sources/DemoCommandLine/*.swift)

say() { echo "po: $*" >&2; }

# The template on stdout.
template() {
    local version
    version=$(sed -n 's/^#define A11Y_CONTROLS_VERSION "\(.*\)"/\1/p' include/a11y_controls.h)
    [[ -n $version ]] || { say "no A11Y_CONTROLS_VERSION in include/a11y_controls.h"; return 1; }
    # (The header's first line names the package, not xgettext's placeholder.)
    xgettext --language=C --from-code=UTF-8 --add-comments=TRANSLATORS: --add-location=file \
        --keyword= --keyword=phrase:1c,2 --keyword=plural:1c,2,3 --keyword=tr:1 --keyword=trPlural:1,2 \
        --keyword=OptionSpec:3 --keyword=N_:1 \
        --package-name="$domain" --package-version="$version" --copyright-holder="the a11y-controls authors" \
        --output=- "${sources[@]}" 2> >(grep -v -e 'msgid-bugs-address' -e 'Makevars' -e 'MSGID_BUGS_ADDRESS' -e 'specify an --msgid' >&2) |
    # No text is a C format ("10% of" reads as one to xgettext); those with {names} are brace formats.
    sed -e '1s/^# SOME DESCRIPTIVE TITLE\.$/# Messages of a11y-controls./' |
    awk '
        function flush() {
            if (n == 0) return
            braces = 0
            for (i = 1; i <= n; i++) if (block[i] ~ /^msgid(_plural)? ".*\{[A-Za-z_][A-Za-z0-9_]*\}/) braces = 1
            flagged = 0
            for (i = 1; i <= n; i++) {
                line = block[i]
                if (line ~ /^#, /) {
                    gsub(/(, )?(possible-)?c-format/, "", line); sub(/^#, , /, "#, ", line); if (line ~ /^#,?[ ]*$/) line = ""
                    if (braces) { line = (line == "" ? "#, python-brace-format" : line ", python-brace-format"); flagged = 1 }
                    if (line == "") continue
                } else if (braces && !flagged && line ~ /^(msgctxt|msgid) /) {
                    print "#, python-brace-format"; flagged = 1
                }
                print line
            }
            n = 0
        }
        /^$/ { flush(); print; next }
        { block[++n] = $0 }
        END { flush() }'
}

case ${1:-} in
    pot)
        template >"$pot.new"
        # Unchanged but for its date: left as it is, and the languages too (no churn).
        if [[ -f $pot ]] && diff -q <(grep -v '^"POT-Creation-Date:' "$pot.new") <(grep -v '^"POT-Creation-Date:' "$pot") >/dev/null; then
            rm -f "$pot.new"
            say "$pot is current"
            exit 0
        fi
        mv "$pot.new" "$pot"
        for po in po/*.po; do
            [[ -e $po ]] || continue
            msgmerge --quiet --update --backup=none --previous "$po" "$pot"
        done
        say "wrote $pot ($(grep -c '^msgid ' "$pot") msgids, the header's included); merged $(ls po/*.po 2>/dev/null | wc -l) languages"
        ;;
    check)
        [[ -f $pot ]] || { say "no $pot: run make pot"; exit 1; }
        if ! diff -q <(template | grep -v '^"POT-Creation-Date:') <(grep -v '^"POT-Creation-Date:' "$pot") >/dev/null; then
            say "$pot is stale: the sources' texts changed; run make pot (and translate what it marks)"
            diff <(grep -v '^"POT-Creation-Date:' "$pot") <(template | grep -v '^"POT-Creation-Date:') | head -n 20 >&2
            exit 1
        fi
        for po in po/*.po; do
            [[ -e $po ]] || continue
            msgfmt --check --output-file=/dev/null "$po" || { say "$po does not compile"; exit 1; }
        done
        say "$pot is current; $(ls po/*.po | wc -l) catalogs compile"
        ;;
    compile)
        dir=${2:?usage: scripts/po.sh compile DIR}
        count=0
        for po in po/*.po; do
            [[ -e $po ]] || continue
            language=$(basename "$po" .po)
            mkdir -p "$dir/$language/LC_MESSAGES"
            # msgfmt writes the file whole, then it is moved into place: a program reading the
            # catalogs meanwhile sees the old file or the new one.
            msgfmt --check --output-file="$dir/$language/LC_MESSAGES/$domain.mo.$$" "$po"
            mv "$dir/$language/LC_MESSAGES/$domain.mo.$$" "$dir/$language/LC_MESSAGES/$domain.mo"
            count=$((count + 1))
        done
        say "compiled $count catalogs into $dir"
        ;;
    stats)
        for po in po/*.po; do
            printf '%s: ' "$(basename "$po" .po)"; msgfmt --statistics --output-file=/dev/null "$po" 2>&1
        done
        ;;
    *)
        echo "usage: scripts/po.sh pot | check | compile DIR | stats" >&2; exit 2 ;;
esac
