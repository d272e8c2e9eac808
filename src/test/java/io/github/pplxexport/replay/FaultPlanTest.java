package io.github.pplxexport.replay;

import io.github.pplxexport.replay.FaultPlan.Fault;
import io.github.pplxexport.replay.FaultPlan.Fault.Kind;
import io.github.pplxexport.replay.FaultPlan.Mark;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultPlanTest {

    private static String label(FaultPlan plan, long n) {
        return plan.forRequest(n).map(Fault::label).orElse("-");
    }

    @Test
    void numberedRulesAndRanges() {
        FaultPlan plan = FaultPlan.parse(" 429@2, 500@3-4 ,cloudflare@5,401@7,slow:3000@6,truncated@8,malformed@9,RESET@10 ");
        assertEquals(List.of("-", "429", "500", "500", "cloudflare", "slow:3000", "401", "truncated", "malformed", "reset", "-"),
                LongStream.rangeClosed(1, 11).mapToObj(n -> label(plan, n)).toList());
        assertEquals(new Fault(Kind.SLOW, 0, 3000), plan.forRequest(6).orElseThrow());
        assertEquals(new Fault(Kind.CLOUDFLARE, 403, 0), plan.forRequest(5).orElseThrow());
    }

    @Test
    void perThreadTerminalRules() {
        FaultPlan plan = FaultPlan.parse("expired:aaa-1,deleted:bbb-2,expired:ddd-4,deleted:ddd-4");
        assertEquals(Optional.of("ENTRY_EXPIRED"), plan.terminalFor("aaa-1"));
        assertEquals(Optional.of("ENTRY_DELETED"), plan.terminalFor("bbb-2"));
        assertEquals(Optional.of("ENTRY_DELETED"), plan.terminalFor("ddd-4"), "deleted wins, as in the client");
        assertEquals(Optional.empty(), plan.terminalFor("ccc-3"));
        assertTrue(plan.forRequest(1).isEmpty(), "terminal rules are not request-numbered");
        assertTrue(plan.listed("aaa-1"), "an expired thread stays in the library");
        assertFalse(plan.listed("bbb-2"), "a deleted one leaves it");
    }

    @Test
    void marksForListingSiblingsAndAssets() {
        FaultPlan plan = FaultPlan.parse(" unlisted:T1 , sibling:S1,URL-EXPIRED:A1,asset-gone:A2");
        assertFalse(plan.listed("T1"));
        assertTrue(plan.terminalFor("T1").isEmpty(), "unlisted is not gone");
        assertTrue(plan.has(Mark.SIBLING, "S1"));
        assertTrue(plan.has(Mark.URL_EXPIRED, "A1"), "rule names ignore case, uuids keep theirs");
        assertTrue(plan.has(Mark.ASSET_GONE, "A2"));
        assertFalse(plan.has(Mark.ASSET_GONE, "A1"));
        assertFalse(plan.has(Mark.SIBLING, "s1"));
        assertFalse(plan.isEmpty());
        assertTrue(plan.forRequest(1).isEmpty());
    }

    @Test
    void rateIsSeededReproducibleAndRoughlyTheGivenShare() {
        FaultPlan a = FaultPlan.parse("rate:0.2:503:seed=42");
        FaultPlan b = FaultPlan.parse("rate:0.2:503:seed=42");
        FaultPlan other = FaultPlan.parse("rate:0.2:503:seed=43");
        List<String> la = LongStream.rangeClosed(1, 2000).mapToObj(n -> label(a, n)).toList();
        assertEquals(la, LongStream.rangeClosed(1, 2000).mapToObj(n -> label(b, n)).toList());
        assertNotEquals(la, LongStream.rangeClosed(1, 2000).mapToObj(n -> label(other, n)).toList());
        long hits = la.stream().filter("503"::equals).count();
        assertTrue(hits > 300 && hits < 500, "about 20% of 2000, got " + hits);
        // the same request number gives the same answer whenever it is asked
        assertEquals(label(a, 777), label(b, 777));
    }

    @Test
    void rateDefaultsToA500AndAcceptsCompoundKinds() {
        assertEquals("500", FaultPlan.parse("rate:1").forRequest(1).map(Fault::label).orElse(null));
        assertEquals("slow:20", FaultPlan.parse("rate:1:slow:20:seed=3").forRequest(9).map(Fault::label).orElse(null));
        assertTrue(FaultPlan.parse("rate:0:seed=1").forRequest(1).isEmpty());
    }

    @Test
    void numberedRuleWinsOverRate() {
        FaultPlan plan = FaultPlan.parse("rate:1:500,429@3");
        assertEquals("429", label(plan, 3));
        assertEquals("500", label(plan, 4));
    }

    @Test
    void blankSpecMeansNoFaults() {
        assertTrue(FaultPlan.parse(null).isEmpty());
        assertTrue(FaultPlan.parse("  ").isEmpty());
        assertTrue(FaultPlan.parse(" , ").isEmpty());
    }

    @Test
    void badRulesAreRejectedWithTheRuleNamed() {
        for (String bad : List.of("429", "429@0", "429@5-3", "200@1", "teapot@1", "slow:x@1", "slow:-5@1",
                "rate:2", "rate:x", "rate:0.1:seed=abc", "expired:", "@3", "unlisted:", "sibling:",
                "url-expired:", "asset-gone:", "gone:abc")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultPlan.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
