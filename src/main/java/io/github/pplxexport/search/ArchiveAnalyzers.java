package io.github.pplxexport.search;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.core.KeywordTokenizer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.standard.StandardTokenizer;

import java.util.Map;

/**
 * How the archive's text becomes terms. Users write Chinese, English and both in one sentence, without spaces
 * between Chinese words, so text is split by Unicode word rules, folded (case, full-width forms) and every
 * run of Han, Kana or Hangul becomes overlapping bigrams: {@code 西湖徒步} is {@code 西湖 湖徒 徒步}, found by any
 * part typed as it is written. The index also keeps each CJK character alone (for a one-character query); a
 * query uses the bigrams only, and a query word that yields several terms becomes a phrase, so the bigrams must
 * stand next to each other as they do in the text.
 */
public final class ArchiveAnalyzers {
    /** Fields matched as whole values (case folded): {@code mode:council}, {@code account:bob}, {@code space:…}. */
    static final String[] KEYWORD_FIELDS = {IndexFields.MODE, IndexFields.ACCOUNT, IndexFields.SPACE, IndexFields.UUID};

    /** Analyzers are thread-safe and keep their token streams per thread: one of each serves every request. */
    private static final Analyzer INDEX = text(true);
    private static final Analyzer QUERY = makeQuery();

    private ArchiveAnalyzers() {
    }

    /** The analyzer of indexed text: words, and CJK bigrams plus single characters. */
    public static Analyzer index() {
        return INDEX;
    }

    /** The analyzer of a query: words and CJK bigrams; the keyword fields as one folded term. */
    public static Analyzer query() {
        return QUERY;
    }

    private static Analyzer makeQuery() {
        Analyzer keyword = new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                Tokenizer t = new KeywordTokenizer();
                return new TokenStreamComponents(t, new LowerCaseFilter(t));
            }
        };
        Map<String, Analyzer> perField = new java.util.HashMap<>();
        for (String f : KEYWORD_FIELDS) {
            perField.put(f, keyword);
        }
        return new PerFieldAnalyzerWrapper(text(false), perField);
    }

    private static Analyzer text(boolean unigrams) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                Tokenizer t = new StandardTokenizer();
                TokenStream s = new CJKWidthFilter(t);
                s = new LowerCaseFilter(s);
                s = new CJKBigramFilter(s, CJKBigramFilter.HAN | CJKBigramFilter.HIRAGANA | CJKBigramFilter.KATAKANA
                        | CJKBigramFilter.HANGUL, unigrams);
                return new TokenStreamComponents(t, s);
            }
        };
    }
}
