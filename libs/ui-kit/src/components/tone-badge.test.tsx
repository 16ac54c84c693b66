import { renderToStaticMarkup } from 'react-dom/server';
import { ShipmentStatusBadge, ToneBadge } from './tone-badge';

describe('ToneBadge', () => {
  it('shows the label in the colours of its tone', () => {
    const html = renderToStaticMarkup(<ToneBadge look={{ tone: 'orange', label: 'da spedire' }} testId="order-status" />);
    expect(html).toMatch(/class="[^"]*bg-orange-100[^"]*" data-testid="order-status" data-tone="orange">da spedire</);
  });
});

describe('ShipmentStatusBadge', () => {
  it('labels the status in Italian and keeps the stored status', () => {
    const html = renderToStaticMarkup(<ShipmentStatusBadge status="SHIPPED" />);
    expect(html).toMatch(/data-testid="shipment-status" data-tone="blue" data-status="shipped">Spedito</);
  });
  it('takes the test id of the screen that shows it', () => {
    expect(renderToStaticMarkup(<ShipmentStatusBadge status="error" testId="order-shipment-status" />)).toMatch(
      /data-testid="order-shipment-status" data-tone="red" data-status="error">Errore</,
    );
  });
});
