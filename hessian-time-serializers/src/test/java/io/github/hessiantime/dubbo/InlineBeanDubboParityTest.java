package io.github.hessiantime.dubbo;

import io.github.hessiantime.InlineBeanParityTest;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
    private FrameworkModel framework;
    private URL url;

    @BeforeEach
    void newFramework() {
        framework = new FrameworkModel();
        url = URL.valueOf("dubbo://127.0.0.1:20880/Test").setScopeModel(framework.newApplication());
    }

    @AfterEach
    void destroyFramework() {
        framework.destroy();
    }

    @Test
    void theCorpusReadsBackAsTheSameGraphsUnderStrictWithItsPackageAllowed() throws Exception {
        SerializeSecurityManager security = framework.getBeanFactory().getBean(SerializeSecurityManager.class);
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        security.addToAllowed(InlineBeanParityTest.class.getName());
        assertSameGraphsOverBoth();
    }

    @Test
    void theCorpusReadsBackAsTheSameGraphsUnderWarn() throws Exception {
        framework.getBeanFactory().getBean(SerializeSecurityManager.class).setCheckStatus(SerializeCheckStatus.WARN);
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
        byte[] inline = write(Hessian2TimeSerialization.NAME, all);
        assertTrue(new String(inline, StandardCharsets.ISO_8859_1).contains("ht:"), "hessian2-time writes inline");
        assertSameGraph(read("hessian2", write("hessian2", all)), read(Hessian2TimeSerialization.NAME, inline));
    }

    private Object roundTrip(String serialization, Object value) throws Exception {
        return read(serialization, write(serialization, value));
    }

    private Serialization serialization(String name) {
        return framework.getExtensionLoader(Serialization.class).getExtension(name);
    }

    private byte[] write(String serialization, Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization(serialization).serialize(url, bytes);
        output.writeObject(value);
        output.flushBuffer();
        return bytes.toByteArray();
    }

    private Object read(String serialization, byte[] bytes) throws IOException, ClassNotFoundException {
        ObjectInput input = serialization(serialization).deserialize(url, new ByteArrayInputStream(bytes));
        return input.readObject();
    }
}
