package io.github.pplxexport.library;

import io.github.pplxexport.json.J;
import io.github.pplxexport.mode.Mode;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code batch --mode} row matching, the reference's {@code index_row_matches_mode}
 * (reference-behaviour.md §2.2, reference-cli-and-archive.md §2.6). Index rows have no reliable
 * mode of their own, so:
 * <ol>
 *   <li>a row with a known {@code search_mode} (written by search-mode-backfill) matches exactly by
 *       {@link Mode#SEARCH_MODE_MAP};</li>
 *   <li>otherwise deep-research, council and study are recognised by {@code displayModel} alone
 *       ({@code pplx_alpha}, {@code pplx_agentic_research}, {@code pplx_study});</li>
 *   <li>otherwise computer means index {@code mode == COMPUTER} and search means {@code mode == SEARCH},
 *       which is broad on purpose: on this path it still includes the three special kinds.</li>
 * </ol>
 */
public final class ModeFilter {

    private ModeFilter() {
    }

    public static boolean matches(Map<String, Object> row, Mode filter) {
        Optional<Mode> exact = Mode.fromSearchMode(row.get("search_mode"));
        if (exact.isPresent()) {
            return exact.get() == filter;
        }
        String displayModel = J.str(row, "displayModel");
        String indexMode = J.str(row, "mode");
        return switch (filter) {
            case DEEP_RESEARCH -> displayModel.equals("pplx_alpha");
            case COUNCIL -> displayModel.equals("pplx_agentic_research");
            case STUDY -> displayModel.equals("pplx_study");
            case COMPUTER -> indexMode.equals("COMPUTER");
            case SEARCH -> indexMode.equals("SEARCH");
        };
    }

    /** The rows matching {@code filter}, in their order; a null filter keeps every row. */
    public static List<Map<String, Object>> filter(List<? extends Map<String, Object>> rows, Mode filter) {
        return rows.stream().filter(r -> filter == null || matches(r, filter))
                .map(r -> (Map<String, Object>) r).toList();
    }
}
