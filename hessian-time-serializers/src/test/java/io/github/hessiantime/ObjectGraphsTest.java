package io.github.hessiantime;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.github.hessiantime.ObjectGraphs.assertSameGraph;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The comparison InlineBeanParityTest relies on tells apart what it must. */
class ObjectGraphsTest {
    static class Bean {
        Instant at;
        Bean other;
        List<Object> items = new ArrayList<>();

        Bean(Instant at) {
            this.at = at;
        }
    }

    static final class SubBean extends Bean {
        SubBean(Instant at) {
            super(at);
        }
    }

    @Test
    void equalGraphsPass() {
        Bean a = new Bean(Instant.EPOCH);
        a.other = a;
        a.items.add(new Bean(Instant.MAX));
        Bean b = new Bean(Instant.EPOCH);
        b.other = b;
        b.items.add(new Bean(Instant.MAX));
        assertSameGraph(a, b);
    }

    @Test
    void aDifferentValueClassOrShapeFails() {
        assertThrows(AssertionError.class, () -> assertSameGraph(new Bean(Instant.EPOCH), new Bean(Instant.MAX)));
        assertThrows(AssertionError.class, () -> assertSameGraph(new Bean(Instant.EPOCH), new SubBean(Instant.EPOCH)));
        Bean a = new Bean(null);
        a.items.add(1);
        Bean b = new Bean(null);
        b.items.add(1L);
        assertThrows(AssertionError.class, () -> assertSameGraph(a, b));
        assertThrows(AssertionError.class, () -> assertSameGraph(new int[]{1, 2}, new int[]{1, 3}));
        assertThrows(AssertionError.class, () -> assertSameGraph(Arrays.asList(1, 2), Arrays.asList(1)));
    }

    @Test
    void aSharedObjectAgainstTwoCopiesFailsAndACycleAgainstNoCycle() {
        Bean shared = new Bean(Instant.EPOCH);
        assertThrows(AssertionError.class, () -> assertSameGraph(Arrays.asList(shared, shared),
                Arrays.asList(new Bean(Instant.EPOCH), new Bean(Instant.EPOCH))));
        Bean one = new Bean(Instant.EPOCH);
        Bean two = new Bean(Instant.EPOCH);
        assertThrows(AssertionError.class, () -> assertSameGraph(Arrays.asList(one, two), Arrays.asList(one, one)));
        Bean cycle = new Bean(Instant.EPOCH);
        cycle.other = cycle;
        Bean chain = new Bean(Instant.EPOCH);
        chain.other = new Bean(Instant.EPOCH);
        chain.other.other = chain.other;
        assertThrows(AssertionError.class, () -> assertSameGraph(cycle, chain));
    }
}
