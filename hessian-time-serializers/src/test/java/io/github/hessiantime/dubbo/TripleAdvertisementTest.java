package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ModuleModel;
import org.apache.dubbo.rpc.model.ProviderModel;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceMetadata;
import org.apache.dubbo.rpc.protocol.PermittedSerializationKeeper;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the protocol wrapper lets providers advertise and consumers with the jar read back: hessian2-time never leads
 * a list that a consumer may read for Triple, and the marker gives peers with the jar the whole list again.
 */
class TripleAdvertisementTest {

    private FrameworkModel framework;

    @BeforeEach
    void newFramework() {
        framework = new FrameworkModel();
    }

    @AfterEach
    void destroyFramework() {
        framework.destroy();
    }

    /** A service the exported URLs belong to, as ServiceConfig sets it on them: its methods are what is offered. */
    public interface Service {
        String echo(String value);
    }

    /** {@code text} as a URL of an export of {@link Service} (with its provider model, as Dubbo's own exports have). */
    private URL url(String text) {
        ModuleModel module = framework.newApplication().newModule();
        ServiceDescriptor descriptor = module.getServiceRepository().registerService(Service.class);
        ProviderModel model = new ProviderModel(Service.class.getName(), (Service) value -> value, descriptor, module,
                new ServiceMetadata(), Service.class.getClassLoader());
        return URL.valueOf(text).setScopeModel(module).setServiceModel(model);
    }

    private TripleAdvertisement advertisement() {
        return framework.getBeanFactory().getOrRegisterBean(TripleAdvertisement.class);
    }

    @Test
    void aTripleReadableUrlKeepsTheOtherNamesAndTheMarkerTheWholeList() {
        URL tri = url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time,fastjson2,hessian2"
                + "&serialization=hessian2&timeout=5");
        URL advertised = advertisement().advertise(tri);
        assertEquals("fastjson2,hessian2", advertised.getParameter("prefer.serialization"));
        assertEquals("hessian2-time,fastjson2,hessian2", advertised.getParameter(TripleAdvertisement.MARKER_KEY));
        assertEquals("hessian2", advertised.getParameter("serialization"));
        assertEquals("5", advertised.getParameter("timeout"));
        assertEquals("hessian2-time,fastjson2,hessian2", TripleAdvertisement.negotiated(advertised));

        URL only = advertisement().advertise(url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time"));
        assertNull(only.getParameter("prefer.serialization"), "nothing left: serialization applies, as without it");
        assertEquals("hessian2-time", TripleAdvertisement.negotiated(only));
    }

    @Test
    void anExportWhoseMethodsAreUnknownIsMadeSafeButNotAdvertised() {
        // the provider would refuse hessian2-time over Triple for methods it does not know: no marker then
        URL bare = URL.valueOf("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time,hessian2")
                .setScopeModel(framework.newApplication());
        URL advertised = advertisement().advertise(bare);
        assertEquals("hessian2", advertised.getParameter("prefer.serialization"));
        assertNull(advertised.getParameter(TripleAdvertisement.MARKER_KEY));
    }

    @Test
    void dubboUrlsChangeOnlyWhenTripleCanReadThem() {
        URL dubbo = url("dubbo://127.0.0.1:20880/S?prefer.serialization=hessian2-time,hessian2");
        assertSame(dubbo, advertisement().advertise(dubbo), "a service on dubbo only: exactly as configured");
        for (String unified : new String[] {"&ext.protocol=tri", "&ispuserver=true"}) {
            URL advertised = advertisement().advertise(url(dubbo.toFullString() + unified));
            assertEquals("hessian2", advertised.getParameter("prefer.serialization"), unified);
            assertEquals("hessian2-time,hessian2", advertised.getParameter(TripleAdvertisement.MARKER_KEY), unified);
        }
        URL notFirst = url("tri://127.0.0.1:50051/S?prefer.serialization=fastjson2,hessian2-time");
        assertSame(notFirst, advertisement().advertise(notFirst), "Triple's first name is one everyone has");
        URL injvm = url("injvm://127.0.0.1/S?prefer.serialization=hessian2-time,hessian2");
        assertSame(injvm, advertisement().advertise(injvm));
    }

    @Test
    void aRewrittenDubboUrlStillHasId26Permitted() throws Exception {
        URL unified = url("dubbo://127.0.0.1:20880/com.example.S?prefer.serialization=hessian2-time,hessian2"
                + "&ext.protocol=tri&interface=com.example.S");
        advertisement().advertise(unified);
        PermittedSerializationKeeper keeper = framework.getBeanFactory().getBean(PermittedSerializationKeeper.class);
        // Dubbo keys its permits by interface and version ("0.0.0" when none), without the group
        assertTrue(keeper.checkSerializationPermitted("com.example.S:0.0.0", Hessian2TimeSerialization.CONTENT_TYPE_ID));
    }

    @Test
    void theMarkerCountsOnlyWhileTheListBesideItIsTheProvidersOwn() {
        assertEquals("hessian2-time,hessian2", TripleAdvertisement.negotiated("hessian2", "hessian2-time,hessian2"));
        assertEquals("hessian2-time,hessian2", TripleAdvertisement.negotiated(" hessian2 ", "hessian2-time, hessian2"));
        // a list the consumer set on its reference replaces the provider's: the consumer's choice stands
        assertEquals("fastjson2", TripleAdvertisement.negotiated("fastjson2", "hessian2-time,hessian2"));
        assertEquals("hessian2", TripleAdvertisement.negotiated("hessian2", null));
        assertNull(TripleAdvertisement.negotiated(null, null));
        assertTrue(TripleAdvertisement.picksHessian2Time("no-such-name,hessian2-time,hessian2", framework));
        assertFalse(TripleAdvertisement.picksHessian2Time("hessian2,hessian2-time", framework));
        assertFalse(TripleAdvertisement.picksHessian2Time(null, framework));
    }

    @Test
    void theWrapperAdvertisesWhatARegistryExportsAndRestoresTheListOfDubboReferences() {
        Recording inner = new Recording();
        Hessian2TimeProtocolWrapper wrapper = new Hessian2TimeProtocolWrapper(inner);
        URL tri = url("tri://127.0.0.1:50051/S?prefer.serialization=hessian2-time,hessian2");
        URL registry = url("registry://127.0.0.1:2181/RegistryService").putAttribute("export", tri);

        wrapper.export(new Fixed(registry));
        URL exported = (URL) inner.exported.get(0).getAttribute("export");
        assertEquals("hessian2", exported.getParameter("prefer.serialization"));
        assertEquals("hessian2-time,hessian2", exported.getParameter(TripleAdvertisement.MARKER_KEY));

        URL dubbo = url("dubbo://127.0.0.1:20880/S?prefer.serialization=hessian2-time,hessian2");
        Fixed dubboInvoker = new Fixed(dubbo);
        wrapper.export(dubboInvoker);
        assertSame(dubbo, inner.exported.get(1), "dubbo-only exports are passed on with their URL untouched");
        // (in an invoker of the wrapper's that counts each call: SerializationStatusTest)
        assertSame(dubbo, inner.invokers.get(1).getUrl());

        // a consumer with the jar referring the provider's rewritten dubbo URL negotiates on the whole list again
        URL marked = url("dubbo://127.0.0.1:20880/S?prefer.serialization=hessian2"
                + "&hessian2-time-prefer-serialization=hessian2-time,hessian2");
        wrapper.refer(Object.class, marked);
        assertEquals("hessian2-time,hessian2", inner.referred.get(0).getParameter("prefer.serialization"));
        wrapper.refer(Object.class, dubbo);
        assertSame(dubbo, inner.referred.get(1));
        // Triple references are passed on as they are: the packable method reads the marker
        URL markedTri = url(marked.toFullString().replace("dubbo://", "tri://"));
        wrapper.refer(Object.class, markedTri);
        assertSame(markedTri, inner.referred.get(2));
    }

    @Test
    void dubboWrapsEveryProtocolWithItOutermost() {
        for (String name : new String[] {"dubbo", "tri", "injvm", "registry"}) {
            Protocol protocol = framework.getExtensionLoader(Protocol.class).getExtension(name);
            assertInstanceOf(Hessian2TimeProtocolWrapper.class, protocol, name);
        }
        assertTrue(TripleAdvertisement.readableOverTriple(URL.valueOf("tri://h:1/S")));
        assertFalse(TripleAdvertisement.readableOverTriple(URL.valueOf("dubbo://h:1/S")));
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
