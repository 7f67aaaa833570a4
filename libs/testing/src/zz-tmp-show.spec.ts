import { vendorBody } from './vendor-bodies';
it('shows', () => {
  console.log(JSON.stringify(vendorBody('202604', '55001', 'minimal', { seed: 1, dialect: 'en', zusatzdaten: {prozessId: 'x'} }), null, 1).slice(0, 3000));
  console.log(JSON.stringify(vendorBody('202604', '55001', 'minimal', { seed: 1 , zusatzdaten: {prozessId: 'x'}}), null, 1).slice(0, 3000));
});
