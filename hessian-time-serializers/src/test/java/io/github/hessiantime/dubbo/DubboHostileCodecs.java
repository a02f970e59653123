package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileBeansProbe;
import io.github.hessiantime.HostileDtos;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * {@link HostileBeansProbe}'s codecs through Dubbo's Serialization SPI, as a provider reads a request: a framework
 * under STRICT class checks with only the application's DTO classes allowed, an untyped {@code readObject()}.
 */
final class DubboHostileCodecs {
    private DubboHostileCodecs() {
    }

    /** {@code hessian2-time} (id 26). */
    public static final class Hessian2Time extends Codec {
        public Hessian2Time() {
            super(Hessian2TimeSerialization.NAME);
        }
    }

    /** Stock {@code hessian2} (id 2): the control. */
    public static final class Hessian2 extends Codec {
        public Hessian2() {
            super("hessian2");
        }
    }

    abstract static class Codec implements HostileBeansProbe.Codec {
        private final FrameworkModel framework = new FrameworkModel();
        private final String serialization;
        private final URL url;

        Codec(String serialization) {
            SerializeSecurityManager security = framework.getBeanFactory().getBean(SerializeSecurityManager.class);
            security.setCheckStatus(SerializeCheckStatus.STRICT);
            security.addToAllowed(HostileDtos.class.getName());
            this.serialization = serialization;
            this.url = DubboFramework.urlOf(framework);
        }

        @Override
        public byte[] write(Object value) throws Exception {
            return DubboFramework.write(framework, url, serialization, value);
        }

        @Override
        public Object read(byte[] bytes) throws Exception {
            return DubboFramework.read(framework, url, serialization, bytes, null);
        }
    }
}
