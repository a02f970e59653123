package io.github.hessiantime.dubbo;

import io.github.hessiantime.InlineBeanParityTest;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.github.hessiantime.ObjectGraphs.assertSameGraph;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * InlineBeanParityTest's corpus through Dubbo's Serialization SPI, as the issue words it: written over {@code hessian2}
 * and over {@code hessian2-time}, each read back by its own, the two object graphs are the same; under STRICT with the
 * corpus' package allowed, and under WARN.
 */
class InlineBeanDubboParityTest {
    @RegisterExtension
    final DubboFramework dubbo = new DubboFramework();

    @Test
    void theCorpusReadsBackAsTheSameGraphsUnderStrictWithItsPackageAllowed() throws Exception {
        SerializeSecurityManager security = dubbo.framework().getBeanFactory().getBean(SerializeSecurityManager.class);
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        security.addToAllowed(InlineBeanParityTest.class.getName());
        assertSameGraphsOverBoth();
    }

    @Test
    void theCorpusReadsBackAsTheSameGraphsUnderWarn() throws Exception {
        dubbo.framework().getBeanFactory().getBean(SerializeSecurityManager.class).setCheckStatus(SerializeCheckStatus.WARN);
        assertSameGraphsOverBoth();
    }

    private void assertSameGraphsOverBoth() throws Exception {
        for (Map.Entry<String, Object> entry : InlineBeanParityTest.corpus().entrySet()) {
            Object overHessian2 = roundTrip("hessian2", entry.getValue());
            Object overInline = roundTrip(Hessian2TimeSerialization.NAME, entry.getValue());
            // the corpus' classes are built, not refused into maps: the comparison is about beans
            assertTrue(entry.getValue() instanceof Map || !(overInline instanceof Map), entry.getKey());
            try {
                assertSameGraph(overHessian2, overInline);
            } catch (AssertionError e) {
                throw new AssertionError(entry.getKey() + ": " + e.getMessage(), e);
            }
        }
        List<Object> all = new ArrayList<>(InlineBeanParityTest.corpus().values());
        byte[] inline = dubbo.write(Hessian2TimeSerialization.NAME, all);
        assertTrue(new String(inline, StandardCharsets.ISO_8859_1).contains("ht:"), "hessian2-time writes inline");
        assertSameGraph(dubbo.read("hessian2", dubbo.write("hessian2", all)),
                dubbo.read(Hessian2TimeSerialization.NAME, inline));
    }

    private Object roundTrip(String serialization, Object value) throws Exception {
        return dubbo.read(serialization, dubbo.write(serialization, value));
    }

}
