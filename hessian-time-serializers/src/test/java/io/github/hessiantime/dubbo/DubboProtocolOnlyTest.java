package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** hessian2-time stays on the dubbo protocol: what the protocol wrapper lets through to exports and references. */
class DubboProtocolOnlyTest {

    private FrameworkModel framework;

    @BeforeEach
    void newFramework() {
        framework = new FrameworkModel();
    }

    @AfterEach
    void destroyFramework() {
        framework.destroy();
    }

    private URL url(String text) {
        return URL.valueOf(text).setScopeModel(framework.newApplication());
    }

    @Test
    void removesOnlyHessian2TimeFromPreferLists() {
        assertEquals("hessian2", DubboProtocolOnly.without("hessian2-time,hessian2"));
        assertEquals("hessian2,fastjson2", DubboProtocolOnly.without(" hessian2 , hessian2-time ,fastjson2"));
        assertEquals("", DubboProtocolOnly.without("hessian2-time"));
        assertEquals("hessian2", DubboProtocolOnly.without("hessian2"));
    }

    @Test
    void triUrlsLoseHessian2TimeEverywhereDubboUrlsKeepIt() {
        DubboProtocolOnly guard = new DubboProtocolOnly();
        URL tri = url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time,hessian2&serialization=hessian2"
                + "&check.prefer.serialization=hessian2-time&timeout=5");
        URL fixed = guard.withoutHessian2Time(tri, true);
        assertEquals("hessian2", fixed.getParameter("prefer.serialization"));
        assertNull(fixed.getParameter("check.prefer.serialization"));
        assertEquals("hessian2", fixed.getParameter("serialization"));
        assertEquals("5", fixed.getParameter("timeout"));

        URL dubbo = url("dubbo://127.0.0.1:20880/S?prefer.serialization=hessian2-time,hessian2");
        assertSame(dubbo, guard.withoutHessian2Time(dubbo, true));
        URL plainTri = url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2");
        assertSame(plainTri, guard.withoutHessian2Time(plainTri, true));
    }

    @Test
    void theWrapperFixesTheServiceUrlARegistryExportsAndWhatConsumersRefer() {
        Recording inner = new Recording();
        Hessian2TimeProtocolWrapper wrapper = new Hessian2TimeProtocolWrapper(inner);
        URL tri = url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time,hessian2");
        URL registry = url("registry://127.0.0.1:2181/RegistryService").putAttribute("export", tri);

        wrapper.export(new Fixed(registry));
        URL exported = (URL) inner.exported.get(0).getAttribute("export");
        assertEquals("hessian2", exported.getParameter("prefer.serialization"));

        wrapper.export(new Fixed(tri));
        assertEquals("hessian2", inner.exported.get(1).getParameter("prefer.serialization"));

        URL dubbo = url("dubbo://127.0.0.1:20880/S?prefer.serialization=hessian2-time,hessian2");
        Fixed dubboInvoker = new Fixed(dubbo);
        wrapper.export(dubboInvoker);
        assertSame(dubbo, inner.exported.get(2));
        assertSame(dubboInvoker, inner.invokers.get(2), "dubbo exports are passed on untouched");

        wrapper.refer(Object.class, tri);
        assertEquals("hessian2", inner.referred.get(0).getParameter("prefer.serialization"));
        wrapper.refer(Object.class, dubbo);
        assertSame(dubbo, inner.referred.get(1));
    }

    @Test
    void dubboWrapsEveryProtocolWithItOutermost() {
        for (String name : new String[] {"dubbo", "tri", "injvm", "registry"}) {
            Protocol protocol = framework.getExtensionLoader(Protocol.class).getExtension(name);
            assertInstanceOf(Hessian2TimeProtocolWrapper.class, protocol, name);
        }
        assertFalse(DubboProtocolOnly.mayCarry(URL.valueOf("tri://h:1/S")));
    }

    /** A protocol that records what it is given. */
    private static final class Recording implements Protocol {
        final List<URL> exported = new ArrayList<>();
        final List<Invoker<?>> invokers = new ArrayList<>();
        final List<URL> referred = new ArrayList<>();

        @Override
        public int getDefaultPort() {
            return 0;
        }

        @Override
        public <T> Exporter<T> export(Invoker<T> invoker) throws RpcException {
            exported.add(invoker.getUrl());
            invokers.add(invoker);
            return null;
        }

        @Override
        public <T> Invoker<T> refer(Class<T> type, URL url) throws RpcException {
            referred.add(url);
            return null;
        }

        @Override
        public void destroy() {
        }
    }

    /** An invoker that only has a URL. */
    private static final class Fixed implements Invoker<Object> {
        private final URL url;

        Fixed(URL url) {
            this.url = url;
        }

        @Override
        public Class<Object> getInterface() {
            return Object.class;
        }

        @Override
        public Result invoke(Invocation invocation) throws RpcException {
            throw new UnsupportedOperationException();
        }

        @Override
        public URL getUrl() {
            return url;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public void destroy() {
        }
    }
}
