package io.github.pplxexport.labels;

/**
 * The {@link Label} table in one language. The Markdown renderers get theirs from {@code pplx.lang} (bean
 * configuration); the tool's messages (console lines, error texts) use {@link #messages()}, which the command line
 * sets once from {@code --lang} / {@code pplx.lang}: they are also written by static helpers and plain classes that
 * no bean configuration reaches.
 */
public final class Labels {
    /** The reference's wording: byte-compatible output. */
    public static final Labels DEFAULT = new Labels(Lang.ZH);
    public static final Labels EN = new Labels(Lang.EN);

    private static volatile Labels messages = DEFAULT;

    private final Lang lang;

    private Labels(Lang lang) {
        this.lang = lang;
    }

    public static Labels of(Lang lang) {
        return lang == Lang.EN ? EN : DEFAULT;
    }

    /** {@link #of(Lang)} of a {@code pplx.lang} value. */
    public static Labels of(String lang) {
        return of(Lang.of(lang));
    }

    /** The labels of this process's messages. */
    public static Labels messages() {
        return messages;
    }

    /** Messages in {@code lang} from now on (the command line, at the start of a command). */
    public static void useForMessages(Lang lang) {
        messages = of(lang);
    }

    public Lang lang() {
        return lang;
    }

    public String get(Label l) {
        return l.text(lang);
    }

    /** The label with {@code {0}}, {@code {1}}, … replaced by the arguments' text. */
    public String format(Label l, Object... args) {
        String t = get(l);
        if (args.length == 0) {
            return t;
        }
        StringBuilder sb = new StringBuilder(t.length() + 32);
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '{' && i + 2 < t.length() && Character.isDigit(t.charAt(i + 1)) && t.charAt(i + 2) == '}') {
                int n = t.charAt(i + 1) - '0';
                sb.append(n < args.length ? String.valueOf(args[n]) : "");
                i += 3;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }
}
