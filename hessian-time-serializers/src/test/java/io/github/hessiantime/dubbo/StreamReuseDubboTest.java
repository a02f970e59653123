package io.github.hessiantime.dubbo;

import io.github.hessiantime.hessian.deser.ClassDefinitionCache;
import io.github.hessiantime.hessian.deser.FastStringHessian2Input;
import io.github.hessiantime.hessian.ser.Hessian2OutputPool;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.Page;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stream reuse through Dubbo's serialization SPI, as Dubbo's codecs call it: the same bytes as with reuse off
 * ({@value StreamReuseSetting#KEY}{@code =false}, each message its own new stream, the behaviour before reuse),
 * whatever failed before, on the class loader the message is written in, and nothing of an undeployed application
 * left behind.
 */
class StreamReuseDubboTest {
    private static final String NAME = Hessian2TimeSerialization.NAME;
    private static final Instant MOMENT = Instant.parse("2025-03-01T10:15:30.123Z");

    private FrameworkModel reusing;
    private URL reusingUrl;
    private FrameworkModel fresh;
    private URL freshUrl;

    @BeforeEach
    void frameworks() throws IOException {
        reusing = warn(new FrameworkModel());
        reusingUrl = DubboFramework.urlOf(reusing);
        System.setProperty(StreamReuseSetting.KEY, "false");
        try {
            fresh = warn(new FrameworkModel());
            freshUrl = DubboFramework.urlOf(fresh);
            write(fresh, freshUrl, "the setting is read with the first factory");
        } finally {
            System.clearProperty(StreamReuseSetting.KEY);
        }
    }

    @AfterEach
    void destroy() {
        reusing.destroy();
        fresh.destroy();
    }

    private static FrameworkModel warn(FrameworkModel framework) {
        framework.getBeanFactory().getOrRegisterBean(SerializeSecurityManager.class)
                .setCheckStatus(SerializeCheckStatus.WARN);
        return framework;
    }

    private static List<Object> messages() {
        InstantRow row = new InstantRow(new Instant[] {MOMENT, MOMENT.plusSeconds(1), null, MOMENT, MOMENT});
        Map<String, Object> map = new HashMap<>();
        map.put("row", row);
        map.put("at", MOMENT);
        return Arrays.asList(new Page<>(1, Collections.nCopies(20, row)), new Page<>(2, Arrays.asList(row)),
                Arrays.asList(row, row, MOMENT), map, "text", 42L);
    }

    @Test
    void theSwitchTurnsReuseOffAndTheBytesDoNotChange() throws Exception {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        assertNotNull(manager(reusing).outputPool(context), "reuse is on by default");
        assertNull(manager(fresh).outputPool(context), StreamReuseSetting.KEY + "=false: no pool");
        assertTrue(StreamReuseSetting.parse(null) && StreamReuseSetting.parse(" TRUE ")
                && !StreamReuseSetting.parse("false") && StreamReuseSetting.parse("maybe"));
        for (int round = 0; round < 3; round++) {
            for (Object message : messages()) {
                byte[] reused = write(reusing, reusingUrl, message);
                assertArrayEquals(write(fresh, freshUrl, message), reused, String.valueOf(message));
                assertEquals(message, DubboFramework.read(reusing, reusingUrl, NAME, reused, null));
            }
        }
        assertEquals(1, manager(reusing).outputPool(context).kept());
        // the class definitions read are kept (by their bytes) with reuse on (hessian-lite 4.0.x: on 3.2.x the reader
        // is hessian-lite's own, which keeps none), and not with it off
        int kept = definitions(reusing, context).size();
        assertTrue(FastStringHessian2Input.AVAILABLE ? kept >= 2 : kept == 0, "definitions kept: " + kept);
        assertNull(definitions(fresh, context), StreamReuseSetting.KEY + "=false: no definitions kept");
    }

    private static ClassDefinitionCache definitions(FrameworkModel framework, ClassLoader loader) {
        return ((ClassDefinitionCache.Owner) manager(framework).getSerializerFactory(loader)).classDefinitions();
    }

    @Test
    void failedMessagesLeaveNothingForTheNext() throws Exception {
        Serialization serialization = serialization(reusing);
        // a bean that fails midway, after a page's class definitions and references
        ObjectOutput failing = serialization.serialize(reusingUrl, new ByteArrayOutputStream());
        failing.writeObject(messages().get(0));
        assertThrows(Exception.class, () -> failing.writeObject(Arrays.asList(messages().get(2), new Exploding())));
        // an output stream that fails when the message is flushed
        ObjectOutput broken = serialization.serialize(reusingUrl, new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("connection reset");
            }
        });
        broken.writeObject(messages().get(0));
        assertThrows(IOException.class, broken::flushBuffer);
        // a message abandoned before its flush
        serialization.serialize(reusingUrl, new ByteArrayOutputStream()).writeObject(messages().get(3));

        for (Object message : messages()) {
            byte[] reused = write(reusing, reusingUrl, message);
            assertArrayEquals(write(fresh, freshUrl, message), reused, String.valueOf(message));
            assertEquals(message, DubboFramework.read(reusing, reusingUrl, NAME, reused, null));
        }
    }

    @Test
    void aWriteAfterTheMessageEndedIsAnError() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization(reusing).serialize(reusingUrl, bytes);
        output.writeObject(messages().get(0));
        output.flushBuffer();
        byte[] message = bytes.toByteArray();
        IOException e = assertThrows(IOException.class, () -> output.writeObject("more"));
        assertTrue(e.getMessage().contains(StreamReuseSetting.KEY), e.getMessage());
        output.flushBuffer(); // nothing left: no error, no byte
        assertArrayEquals(message, bytes.toByteArray());

        // with reuse off, as before: the stream continues the message
        ByteArrayOutputStream continued = new ByteArrayOutputStream();
        ObjectOutput own = serialization(fresh).serialize(freshUrl, continued);
        own.writeObject(messages().get(0));
        own.flushBuffer();
        own.writeObject("more");
        own.flushBuffer();
        assertTrue(continued.size() > message.length);
    }

    @Test
    void aNestedMessageOnTheSameThreadWritesItsOwnBytes() throws Exception {
        Nesting nesting = new Nesting(reusing, reusingUrl, messages().get(0));
        byte[] outer = write(reusing, reusingUrl, Arrays.asList(messages().get(1), nesting, messages().get(2)));
        @SuppressWarnings("unchecked")
        List<Object> read = (List<Object>) DubboFramework.read(reusing, reusingUrl, NAME, outer, null);
        assertEquals(messages().get(1), read.get(0));
        assertEquals(messages().get(2), read.get(2));
        byte[] nested = ((Nested) read.get(1)).bytes;
        assertArrayEquals(write(fresh, freshUrl, messages().get(0)), nested);
        assertEquals(messages().get(0), DubboFramework.read(reusing, reusingUrl, NAME, nested, null));

        Nesting freshNesting = new Nesting(fresh, freshUrl, messages().get(0));
        assertArrayEquals(write(fresh, freshUrl, Arrays.asList(messages().get(1), freshNesting, messages().get(2))),
                outer);
    }

    @Test
    void twoApplicationsWithTheSameClassNameEachWriteTheirOwn() throws Exception {
        ClassLoader first = VersionLoaders.compile("first", Collections.singletonMap("app.Order",
                "package app; public class Order implements java.io.Serializable {"
                        + " public java.time.Instant at = java.time.Instant.parse(\"2025-03-01T10:15:30Z\");"
                        + " public String name = \"first\"; }"));
        ClassLoader second = VersionLoaders.compile("second", Collections.singletonMap("app.Order",
                "package app; public class Order implements java.io.Serializable {"
                        + " public long id = 7; public java.util.List<String> tags = java.util.Arrays.asList(\"b\");"
                        + " public java.time.Instant at = java.time.Instant.EPOCH; }"));
        for (int round = 0; round < 3; round++) {
            for (ClassLoader loader : Arrays.asList(first, second)) {
                Object order = loader.loadClass("app.Order").getConstructor().newInstance();
                byte[] reused = inContext(loader, () -> write(reusing, reusingUrl, order));
                assertArrayEquals(inContext(loader, () -> write(fresh, freshUrl, order)), reused, loader.toString());
                Object read = inContext(loader, () -> DubboFramework.read(reusing, reusingUrl, NAME, reused, null));
                assertEquals(loader, read.getClass().getClassLoader());
                for (java.lang.reflect.Field field : read.getClass().getFields()) {
                    assertEquals(field.get(order), field.get(read), loader + " " + field);
                }
            }
        }
        assertNotEquals(manager(reusing).outputPool(first), manager(reusing).outputPool(second));
    }

    @Test
    void everyMessageGetsHessian2sVerdictUnderStrict() throws Exception {
        FrameworkModel strict = new FrameworkModel();
        try {
            URL url = DubboFramework.urlOf(strict);
            SerializeSecurityManager security = strict.getBeanFactory().getBean(SerializeSecurityManager.class);
            security.setCheckStatus(SerializeCheckStatus.STRICT);
            security.addToAllowed("io.github.hessiantime.model.");
            Object page = messages().get(0);
            Refused refused = new Refused();
            byte[] refusedHessian2 = DubboFramework.write(fresh, freshUrl, "hessian2", refused);
            byte[] refusedTime = write(fresh, freshUrl, refused);
            for (int round = 0; round < 3; round++) {
                // an allowed class, then a refused one, on the reused stream: each message its own verdict
                byte[] pageBytes = write(strict, url, page);
                assertArrayEquals(write(fresh, freshUrl, page), pageBytes);
                assertEquals(page, DubboFramework.read(strict, url, NAME, pageBytes, null));
                String writing = verdict(() -> write(strict, url, refused));
                assertTrue(writing.contains("is not in allow list"), writing);
                assertEquals(verdict(() -> DubboFramework.write(strict, url, "hessian2", refused)), writing);
                // refused on reading too: hessian-lite then reads the object as a map, never as the class
                String reading = verdict(() -> DubboFramework.read(strict, url, NAME, refusedTime, null));
                assertFalse(reading.contains(Refused.class.getName()), reading);
                assertEquals(verdict(() -> DubboFramework.read(strict, url, "hessian2", refusedHessian2, null)),
                        reading);
            }
            // the refused write took the kept stream and never gave it back; the next message makes and keeps one
            Hessian2OutputPool pool = manager(strict).outputPool(Thread.currentThread().getContextClassLoader());
            assertEquals(0, pool.kept());
            assertArrayEquals(write(fresh, freshUrl, page), write(strict, url, page));
            assertEquals(1, pool.kept());
            // allowed once a service exports it (Dubbo adds its classes to the allow list): written from now on, as
            // by hessian2, and read as by hessian2, which on both lines still reads it as a map: the factory keeps the
            // reader it chose when the class was refused (docs/dubbo.md, "Stream reuse, and how to turn it off").
            security.addToAllowed(Refused.class.getName());
            assertArrayEquals(write(fresh, freshUrl, refused), write(strict, url, refused));
            assertEquals(verdict(() -> DubboFramework.read(strict, url, "hessian2", refusedHessian2, null)),
                    verdict(() -> DubboFramework.read(strict, url, NAME, refusedTime, null)));
        } finally {
            strict.destroy();
        }
    }

    /** "ok" and the value's class, or the innermost exception's message: what a caller sees. */
    private static String verdict(VersionLoaders.InContext<Object> call) {
        try {
            return "ok " + call.run().getClass().getName();
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return String.valueOf(root.getMessage());
        }
    }

    /** A class in no allow list until the test adds it. */
    public static final class Refused implements Serializable {
        private static final long serialVersionUID = 1L;
        int number = 42;

        @Override
        public boolean equals(Object o) {
            return o instanceof Refused && ((Refused) o).number == number;
        }

        @Override
        public int hashCode() {
            return number;
        }
    }

    // Dubbo and the JDK keep softly referenced caches that also reach the class loader (stock hessian2 alone leaves
    // it softly reachable), so this JVM clears soft references at every collection (the dubbo-glue execution's
    // -XX:SoftRefLRUPolicyMSPerMB=0): what is left is a strong reference, which this test refuses.
    @Test
    void anUndeployedApplicationLeavesNothingBehind() throws Exception {
        FrameworkModel application = warn(new FrameworkModel());
        WeakReference<ClassLoader> loader = deployWriteAndUndeploy(application);
        for (int i = 0; i < 100 && loader.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(loader.get(), "the application's class loader is still reachable after its framework was destroyed");
    }

    private static WeakReference<ClassLoader> deployWriteAndUndeploy(FrameworkModel application) throws Exception {
        ClassLoader loader = VersionLoaders.compile("undeployed", Collections.singletonMap("app.Order",
                "package app; public class Order implements java.io.Serializable {"
                        + " public java.time.Instant at = java.time.Instant.EPOCH; public String name = \"x\"; }"));
        URL url = DubboFramework.urlOf(application);
        Object order = loader.loadClass("app.Order").getConstructor().newInstance();
        for (int i = 0; i < 3; i++) {
            byte[] bytes = inContext(loader, () -> write(application, url, order));
            Object read = inContext(loader, () -> DubboFramework.read(application, url, NAME, bytes, null));
            assertEquals(loader, read.getClass().getClassLoader());
        }
        assertEquals(1, manager(application).outputPool(loader).kept(), "the stream was kept while deployed");
        application.destroy();
        return new WeakReference<>(loader);
    }

    private static Hessian2TimeFactoryManager manager(FrameworkModel framework) {
        return framework.getBeanFactory().getBean(Hessian2TimeFactoryManager.class);
    }

    private static Serialization serialization(FrameworkModel framework) {
        return framework.getExtensionLoader(Serialization.class).getExtension(NAME);
    }

    private static byte[] write(FrameworkModel framework, URL url, Object message) throws IOException {
        return DubboFramework.write(framework, url, NAME, message);
    }

    private static <T> T inContext(ClassLoader loader, VersionLoaders.InContext<T> action) throws Exception {
        return VersionLoaders.inContext(loader, action);
    }

    /** A bean whose writeReplace serializes a whole message on the same thread while the outer one is open. */
    static final class Nesting implements Serializable {
        private static final long serialVersionUID = 1L;
        private final transient FrameworkModel framework;
        private final transient URL url;
        private final transient Object inner;

        Nesting(FrameworkModel framework, URL url, Object inner) {
            this.framework = framework;
            this.url = url;
            this.inner = inner;
        }

        Object writeReplace() throws IOException {
            return new Nested(write(framework, url, inner));
        }
    }

    /** What {@link Nesting} is written as. */
    static final class Nested implements Serializable {
        private static final long serialVersionUID = 1L;
        byte[] bytes;

        Nested() {
        }

        Nested(byte[] bytes) {
            this.bytes = bytes;
        }
    }

    /** A bean that fails while being written. */
    static final class Exploding implements Serializable {
        private static final long serialVersionUID = 1L;

        Object writeReplace() {
            throw new IllegalStateException("bean failed while being written");
        }
    }
}
